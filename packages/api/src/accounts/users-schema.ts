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

/** A role at one location: its staff, or its admin (the site's: its staff, its log). */
export const locationAccessEntry = z
  .object({
    locationId: id,
    role: z.enum(["staff", "admin"]),
  })
  .meta({ id: "LocationAccess" });

/** Roles at locations, each location once (its last entry counts). */
export const accessInput = z.array(locationAccessEntry).max(10_000);

export const userSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    picture: z.string().nullable().meta({ description: "signed_id of the uploaded picture" }),
    pictureUrl: z.string().nullable(),
    isAdmin: z.boolean().meta({ description: "a network admin: holds every location" }),
    access: z
      .array(z.object({ locationId: z.number().int(), role: z.enum(["staff", "admin"]) }))
      .meta({
        description:
          "the live locations the user holds and their role at each (a network admin every one as admin); a site admin is shown their own locations alone",
      }),
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
  access: accessInput.optional().meta({
    description:
      "the user's roles at locations, replacing theirs (a site admin's: at the locations they administer, the others kept); [] leaves them no location. Naming every location keeps the later ones theirs too",
  }),
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
