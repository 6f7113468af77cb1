import { languages } from "@vsi/i18n/languages";
import { z } from "zod";
import { id } from "../kernel/schema.ts";
import { timeZone, type TimeZone } from "../kernel/calendar.ts";
import { setupChecklistSchema } from "../admin/setup-schema.ts";

/** The dashboard: of one location, or of every location the caller sees. */
export const todayInput = z.object({
  locationId: id.optional(),
  /** One program's visits alone (the roll-up's filter); left out: every program's. */
  programId: id.optional(),
  /** The viewer's zone: the report links' days across several locations are in it, as the report's are. */
  timeZone: timeZone.default("UTC" as TimeZone),
  language: z.enum(languages).optional().meta({
    description:
      "the language of the programs' names: a program's Spanish name where it has one; English when left out",
  }),
});
export type TodayInput = z.output<typeof todayInput>;

const count = z.number().int();
const day = z.string().meta({ description: "YYYY-MM-DD" });
/** Visits, and people among them (once each, by their phone's key, which outlives erasure). */
const tally = z.object({ visits: count, people: count });

export const todaySchema = z.object({
  /** The days the report links name, in `timeZone`: the location's own, else the viewer's. */
  timeZone: z.string(),
  dates: z.object({
    today: day,
    sameDayLastWeek: day,
    weekStart: day,
    lastWeekStart: day,
    lastWeekEnd: day,
    chartFrom: day,
  }),
  signedInNow: count,
  /** Each location's own today, this week (from Monday) and last week, in its own zone. */
  today: tally,
  sameDayLastWeek: tally,
  thisWeek: tally,
  lastWeek: tally,
  busiestProgram: z.object({ id: count, Name: z.string(), visits: count }).nullable(),
  /** The last 14 days, oldest first, today last; each day's visits by program. */
  days: z.array(
    z.object({
      date: day,
      visits: count,
      stack: z.array(z.object({ key: z.string(), label: z.string(), count })),
    }),
  ),
  /** Each shown location on its own, by name: the roll-up's side by side (its days its own). */
  perLocation: z.array(
    z.object({
      locationId: count,
      locationName: z.string(),
      signedInNow: count,
      today: tally,
      sameDayLastWeek: tally,
      thisWeek: tally,
      lastWeek: tally,
    }),
  ),
  /** The "get set up" list: admins only, and only until it is done or dismissed. */
  setup: setupChecklistSchema.nullable(),
});
export type Today = z.infer<typeof todaySchema>;
