import { z } from "zod";
import { email, isoDateTime, optionalText, passwordRule, requiredName } from "./common.ts";

export const inviteSchema = z
  .object({
    id: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    message: z.string(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    acceptedAt: isoDateTime.nullable(),
    revokedAt: isoDateTime.nullable(),
    CreatedByUserId: z.number().int().nullable(),
    AcceptedByUserId: z.number().int().nullable(),
    RevokedByUserId: z.number().int().nullable(),
  })
  .meta({ id: "Invite" });

export const inviteId = z.object({ id: z.string().uuid("Invite not found") });

export const inviteCreateInput = z.object({
  firstName: requiredName("First name"),
  lastName: optionalText("Last name", 100).default(""),
  email,
  message: optionalText("Message", 5000).default(""),
});

export const inviteAcceptInput = z.object({
  id: z.string().uuid("Invite not found"),
  firstName: requiredName("First name"),
  lastName: optionalText("Last name", 100).default(""),
  email,
  password: passwordRule,
  confirmPassword: z.string().max(200).optional(),
  username: z.string().max(100).optional(),
});
