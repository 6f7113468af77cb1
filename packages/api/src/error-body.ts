import { z } from "zod";
import { messageTemplates, type MessageKey } from "./kernel/messages.ts";
import { visitSchema } from "./visits/schema.ts";

const messageKey = z.enum(Object.keys(messageTemplates) as [MessageKey, ...MessageKey[]]).meta({
  description:
    "the message's stable key, for a program to tell messages apart or say them in another language " +
    "(the English `message` is this key's sentence with `values` put in; words the web server " +
    "wrote itself, such as a body that is not JSON, have the key `requestRefused`)",
  example: "phone",
});
const messageValues = z.record(z.string(), z.union([z.string(), z.number()])).meta({
  description: "the values put in the message's sentence, by name (empty when it has none)",
  example: { label: "Name" },
});

/** Every error's body, on every transport (errorBody in errors.ts builds it). */
export const errorBodySchema = z
  .object({
    status: z.number().int().meta({ description: "the response's HTTP status" }),
    message: z.string().meta({ description: "a sentence for a person" }),
    key: messageKey,
    values: messageValues,
    errors: z
      .array(
        z.object({ path: z.string(), message: z.string(), key: messageKey, values: messageValues }),
      )
      .optional()
      .meta({ description: "bad input (422): each field's problem, by the field's name" }),
    visit: visitSchema
      .optional()
      .meta({ description: "a 409's open visit, the one this sign-in would duplicate" }),
    rollCallId: z
      .number()
      .int()
      .optional()
      .meta({ description: "a 409's open roll call, the one a second start would duplicate" }),
  })
  .meta({ id: "Error" });
