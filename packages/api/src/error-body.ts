import { z } from "zod";
import { visitSchema } from "./visits/schema.ts";

/** Every error's body, on every transport (errorBody in errors.ts builds it). */
export const errorBodySchema = z
  .object({
    status: z.number().int().meta({ description: "the response's HTTP status" }),
    message: z.string().meta({ description: "a sentence for a person" }),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
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
