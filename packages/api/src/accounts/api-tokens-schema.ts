import { z } from "zod";
import { id, isoDateTime, requiredName } from "../kernel/schema.ts";

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
  name: requiredName("Name"),
});
// A query string: z.coerce.boolean() would read "false" as true.
export const tokenListInput = z
  .object({
    all: z.stringbool().optional().meta({ description: "true: everyone's tokens (admins only)" }),
  })
  .optional();
export const tokenRevokeInput = z.object({ id });
