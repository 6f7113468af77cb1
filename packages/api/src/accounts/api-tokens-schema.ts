import { z } from "zod";
import { id, isoDateTime, text } from "../kernel/schema.ts";
import { say, fieldMessages } from "../kernel/messages.ts";

export const apiTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    userId: z.number().int(),
    createdAt: isoDateTime,
    lastUsedAt: isoDateTime.nullable(),
  })
  .meta({ id: "ApiToken" });
export const apiTokenCreatedSchema = apiTokenSchema.extend({
  token: z.string().meta({ description: "shown once" }),
});

export const tokenCreateInput = z.object({
  name: text()
    .trim()
    .min(1, say(fieldMessages.required, { label: "Name" }))
    .max(100, say(fieldMessages.tooLong, { label: "Name" })),
});
// A query string: z.coerce.boolean() would read "false" as true.
export const tokenListInput = z
  .object({
    all: z.stringbool().optional().meta({ description: "true: everyone's tokens (admins only)" }),
  })
  .optional();
export const tokenRevokeInput = z.object({ id });
