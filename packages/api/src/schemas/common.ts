import { z } from "zod";

export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idParam = z.object({ id });

export const passwordMessage = "Minimum eight characters, at least one letter and one number";
/** The one password rule: the API enforces it and the forms show its message. */
export const passwordRule = z
  .string()
  .max(200, "Password is too long")
  .refine((value) => value.length >= 8 && /[A-Za-z]/.test(value) && /\d/.test(value), passwordMessage);

export const email = z.string().trim().max(254, "Email is too long").pipe(z.email("Email is invalid"));
export const requiredName = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);
export const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} is too long`);

/** ISO-8601 in UTC, as every timestamp of the contract. */
export const isoDateTime = z.string().meta({ format: "date-time", example: "2026-11-21T17:04:00.000Z" });

/**
 * A JSON true or false in a request body. trpc-to-openapi switches every z.boolean() of a REST
 * input to coercion, which reads "false" as true; a literal is left as it is.
 */
export const jsonBoolean = z.literal([true, false]);

export const okSchema = z.object({ ok: z.literal(true) });
