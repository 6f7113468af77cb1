import { z } from "zod";
import { id, isoDateTime, jsonBoolean, optionalName, requiredName } from "../kernel/schema.ts";
import { say, householdMessages } from "../kernel/messages.ts";
import { kioskTimingOutputs } from "./kiosk-timings.ts";
import { temperatureUnits } from "./temperature.ts";

// What locations and programs share: each lists the other in short form, and both are named and
// linked by the same rules. Here, so locations.ts and programs.ts need not import each other.

/** How a location's visitors wait their turn. */
export const queueModes = ["off", "arrival", "lottery"] as const;

export const programRefSchema = z.object({
  id: z.number().int(),
  Name: z.string(),
  NameEs: z.string().nullable().meta({
    description:
      "its name in Spanish, shown to visitors who read the tablet or the door in Spanish; null: Name in both languages",
  }),
  VisitLimit: z
    .object({
      count: z.number().int(),
      per: z.enum(["month", "week", "days"]),
      days: z.number().int().nullable(),
      acrossLocations: z.boolean(),
    })
    .nullable()
    .meta({
      description:
        "at most `count` visits per household per calendar month or week (in the location's zone) or per `days` days, at this location or (acrossLocations) at all; a sign-in past it is kept with Eligibility waiting; null: no limit",
    }),
  LocationId: z.number().int().nullable().meta({
    description:
      "the location whose own program it is, offered there alone and changed by its admins; null: the network's, which any location may offer (a network admin's to change)",
  }),
  SignsInHousehold: z.boolean().meta({
    description:
      "whether a sign-in brings a household's party (PartySize, HouseholdMemberIds) and belongs to the visitor's household, made at their first visit; default false",
  }),
  AsksSignature: z.boolean().meta({
    description:
      "whether a sign-in asks the visitor to sign (Signature) or say they would rather not (SignatureDeclined), as a sign sheet does; default false",
  }),
  OwnQueue: z.boolean().meta({
    description:
      "whether the program's visits have a line of their own at each location with a queue (a food line and a clothing line), numbered apart from the location's other programs, which share its line; default false",
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
  Queue: z.enum(queueModes).meta({
    description:
      "how visitors wait their turn: off (no numbers), arrival (the day's next number at sign-in), lottery (those signed in by LotteryAt drawn into a random order, later ones after them)",
  }),
  LotteryAt: z.string().nullable().meta({
    description: "local time (HH:MM) the lottery draws; null: no draw",
    example: "09:00",
  }),
  ...kioskTimingOutputs,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const catalogIds = z.array(id).max(1000);

const limitCount = say(householdMessages.visitLimitCount);
const limitDays = say(householdMessages.visitLimitDays);
/** How often a household may come, as an admin sets it on a program; null takes the limit off. */
export const visitLimitInput = z
  .object({
    count: z.number({ error: limitCount }).int(limitCount).min(1, limitCount).max(100, limitCount),
    per: z.enum(["month", "week", "days"], { error: say(householdMessages.visitLimitPer) }),
    days: z
      .number({ error: limitDays })
      .int(limitDays)
      .min(1, limitDays)
      .max(366, limitDays)
      .optional(),
    acrossLocations: jsonBoolean.default(false),
  })
  .refine((limit) => limit.per !== "days" || limit.days !== undefined, {
    message: limitDays,
    path: ["days"],
  })
  .transform((limit) => ({ ...limit, days: limit.per === "days" ? limit.days! : null }))
  .nullable();
/** A name in another language: optional, and blank means none (null). */
export const translatedName = optionalName("Spanish name", 200)
  .nullable()
  .transform((value) => value || null);
export const catalogName = requiredName("Name", 200);
