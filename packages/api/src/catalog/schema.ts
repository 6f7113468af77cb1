import { z } from "zod";
import { id, isoDateTime, optionalName, requiredName } from "../kernel/schema.ts";
import { kioskTimingOutputs } from "./kiosk-timings.ts";
import { temperatureUnits } from "./temperature.ts";

// What locations and programs share: each lists the other in short form, and both are named and
// linked by the same rules. Here, so locations.ts and programs.ts need not import each other.

export const programRefSchema = z.object({
  id: z.number().int(),
  Name: z.string(),
  NameEs: z.string().nullable().meta({
    description:
      "its name in Spanish, shown to visitors who read the tablet or the door in Spanish; null: Name in both languages",
  }),
  SignsInHousehold: z.boolean().meta({
    description:
      "whether a sign-in brings a household's party (PartySize, HouseholdMemberIds) and belongs to the visitor's household, made at their first visit; default false",
  }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export const locationRefSchema = z.object({
  id: z.number().int(),
  Name: z.string(),
  Address: z.string(),
  AsksTemperature: z.boolean().meta({
    description:
      "whether the sign-in asks visitors' temperatures; when false, Temperature is null; default false for a new location",
  }),
  SelfSignIn: z.boolean().meta({
    description:
      "whether visitors may sign in on their own phone, from the poster's QR code (the door); default false",
  }),
  TemperatureUnit: z
    .enum(temperatureUnits)
    .meta({ description: "unit of visitors' temperatures here: F (°F) or C (°C)" }),
  TimeZone: z.string().meta({
    description: "IANA zone the location's local times are read in",
    example: "America/Los_Angeles",
  }),
  AutoSignOutAt: z.string().nullable().meta({
    description: "local time (HH:MM) open visits are signed out; null: never",
    example: "21:00",
  }),
  MaxStayHours: z
    .number()
    .nullable()
    .meta({ description: "open visits longer than this are signed out; null: no limit" }),
  ...kioskTimingOutputs,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const catalogIds = z.array(id).max(1000);
/** A name in another language: optional, and blank means none (null). */
export const translatedName = optionalName("Spanish name", 200)
  .nullable()
  .transform((value) => value || null);
export const catalogName = requiredName("Name", 200);
