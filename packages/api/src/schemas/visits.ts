import { z } from "zod";
import { id, isoDateTime } from "./common.ts";

export const requiredMessage = "This is required!";

/** Digits only: the form's dashes (415-555-1234) are not part of the number. */
export const phoneDigits = (value: string) => value.replace(/\D/g, "");

/** The sign-in form's rules; the API checks them again on every create and update. */
export const phoneNumber = z
  .string()
  .max(32)
  .transform(phoneDigits)
  .refine((digits) => digits.length === 10, "Phone number must be 10 digits");
export const temperature = z.string().trim().regex(/^\d+(\.\d+)?$/, "Temperature must be a non-negative number").max(8, "Temperature is too long");
export const visitorName = (label: string) => z.string().trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const visitCreateInput = z.object({
  FirstName: visitorName("First name"),
  LastName: visitorName("Last name"),
  PhoneNumber: phoneNumber,
  Temperature: temperature,
  LocationId: id,
  ProgramId: id,
  /** Over tRPC; REST callers send the Idempotency-Key header instead. */
  idempotencyKey: z.string().min(1).max(200).optional(),
});

export const visitUpdateInput = z.object({
  id,
  FirstName: visitorName("First name").optional(),
  LastName: visitorName("Last name").optional(),
  PhoneNumber: phoneNumber.optional(),
  Temperature: temperature.optional(),
});

const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-21").optional();

export const visitListInput = z.object({
  from: calendarDate,
  to: calendarDate,
  locationId: id.optional(),
  programId: id.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  timeZone: z.string().max(64).default("UTC"),
  format: z.enum(["json", "csv"]).optional(),
});
export type VisitListInput = z.infer<typeof visitListInput>;

export const visitSchema = z
  .object({
    id: z.number().int(),
    FirstName: z.string(),
    LastName: z.string(),
    PhoneNumber: z.string(),
    Temperature: z.string(),
    TimeIn: isoDateTime,
    TimeOut: isoDateTime.nullable(),
    LocationId: z.number().int(),
    ProgramId: z.number().int(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    Location: z.object({ id: z.number().int(), Name: z.string() }).optional(),
    Program: z.object({ id: z.number().int(), Name: z.string() }).optional(),
  })
  .meta({ id: "Visit" });

export const visitSearchInput = z.object({
  phoneNumber: z.string().max(32).refine((v) => /^\d{10}$/.test(v), "Phone number must be exactly 10 digits"),
});
export const visitorNameSchema = z.object({ FirstName: z.string(), LastName: z.string() });
