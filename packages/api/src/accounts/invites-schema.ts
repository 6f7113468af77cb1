import { z } from "zod";
import {
  email,
  isoDateTime,
  optionalName,
  optionalText,
  passwordRule,
  requiredName,
  text,
} from "../kernel/schema.ts";
import { accessInput, language } from "./users-schema.ts";
import { say, accountMessages } from "../kernel/messages.ts";

export const inviteSchema = z
  .object({
    id: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    message: z.string(),
    language: language.meta({
      description: "the language of the invite's e-mail, and the new account's choice",
    }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    acceptedAt: isoDateTime.nullable(),
    revokedAt: isoDateTime.nullable(),
    access: z
      .array(z.object({ locationId: z.number().int(), role: z.enum(["staff", "admin"]) }))
      .nullable()
      .meta({
        description:
          "the new user's roles at locations; null: staff of every location, later ones included",
      }),
    CreatedByUserId: z.number().int().nullable(),
    AcceptedByUserId: z.number().int().nullable(),
    RevokedByUserId: z.number().int().nullable(),
  })
  .meta({ id: "Invite" });

/** An invite just sent (created or resent): whether it was e-mailed, else its link to pass on. */
export const sentInviteSchema = inviteSchema
  .extend({
    emailSent: z.boolean().meta({
      description: "false when no mail server is set up (SMTP_URL): nobody received the invite",
    }),
    link: z.string().optional().meta({
      description:
        "when emailSent is false, the accept link (/invites/{id}) to hand over by other means",
    }),
  })
  .meta({ id: "SentInvite" });

/**
 * Any string: a malformed id names no invite, so it is a 404 like an unknown one (the router
 * checks the UUID format before it reaches the uuid column, where PostgreSQL would reject it).
 */
const inviteIdField = text().meta({ format: "uuid" });
export const inviteId = z.object({ id: inviteIdField });

export const inviteCreateInput = z.object({
  firstName: requiredName("First name"),
  lastName: optionalName("Last name").default(""),
  email,
  message: optionalText("Message", 5000, { multiline: true }).default(""),
  language: language.optional().meta({
    description: "the e-mail's language; missing: the inviting admin's choice (null: English)",
  }),
  access: accessInput.optional().meta({
    description:
      "the new user's roles at locations; missing: a network admin's invite makes staff of every location, a site admin's staff of the locations they administer",
  }),
});
export type InviteCreateInput = z.output<typeof inviteCreateInput>;

export const passwordsDifferMessage = say(accountMessages.passwordsDiffer);

export const inviteAcceptInput = z
  .object({
    id: inviteIdField,
    firstName: requiredName("First name"),
    lastName: optionalName("Last name").default(""),
    email,
    password: passwordRule,
    confirmPassword: text().max(200).optional(),
    /** Sent by older clients; accounts are known by their email. */
    username: text().max(100).optional(),
  })
  // Older clients send confirmPassword "" from a form without that field: only a typed one can differ.
  .refine((input) => !input.confirmPassword || input.confirmPassword === input.password, {
    path: ["confirmPassword"],
    message: passwordsDifferMessage,
  });
