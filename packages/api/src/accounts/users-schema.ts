import { z } from "zod";
import {
  email,
  id,
  jsonBoolean,
  optionalName,
  passwordRule,
  requiredName,
  text,
} from "../kernel/schema.ts";
import { sudoWindowMinutes } from "../kernel/auth-names.ts";
import { languages } from "@vsi/i18n/languages";

/** A language the staff pages and e-mails speak; null: follow the browser (e-mails: English). */
export const language = z
  .enum(languages)
  .meta({ id: "Language", description: "en (English) or es (Spanish)" })
  .nullable();

export const userSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    picture: z.string().nullable().meta({ description: "signed_id of the uploaded picture" }),
    pictureUrl: z.string().nullable(),
    isAdmin: z.boolean(),
    isActive: z.boolean().meta({ description: "false while an admin has deactivated the user" }),
    language: language.meta({
      description: "the language chosen on My Account; null follows the browser's",
    }),
  })
  .meta({ id: "User" });
export type UserOutput = z.infer<typeof userSchema>;

export const loginInput = z.object({ email: text().max(254), password: text().max(200) });

export const registerInput = z.object({
  firstName: requiredName("First name"),
  lastName: optionalName("Last name").default(""),
  email,
  password: passwordRule,
});

/** Blank password keeps the old one; picture null removes it; isAdmin and isActive only count from an admin. */
export const userUpdateFields = z.object({
  firstName: requiredName("First name").optional(),
  lastName: optionalName("Last name").optional(),
  email: email.optional(),
  password: z.union([z.literal(""), passwordRule]).nullish(),
  picture: text().max(200).nullish(),
  isAdmin: jsonBoolean.optional(),
  isActive: jsonBoolean.optional(),
  language: language.optional(),
});
export type UserUpdateFields = z.output<typeof userUpdateFields>;
export const userUpdateInput = userUpdateFields.extend({
  id,
  currentPassword: text()
    .max(200)
    .nullish()
    .meta({
      description: `your current password: needed to change your own email or password more than ${sudoWindowMinutes} minutes after logging in (403 without it, 422 when wrong)`,
    }),
});
