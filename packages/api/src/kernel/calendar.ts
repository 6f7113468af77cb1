import { z } from "zod";
import { say, fieldMessages, visitMessages } from "./messages.ts";

// A calendar day and a time zone as every report, sheet and setting takes them.

const dateMessage = say(visitMessages.date);
/** A day that exists (no 2026-02-30, no year 0), so the database never sees an impossible one. */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}
// Branded: a service taking a CalendarDate or a TimeZone gets only what passed these rules.
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: dateMessage, abort: true })
  .refine(isCalendarDate, dateMessage)
  .brand<"CalendarDate">();
export type CalendarDate = z.output<typeof calendarDate>;

const ianaZones = new Set<string>(["UTC", ...Intl.supportedValuesOf("timeZone")]);
// The fixed-offset zones, UTC-12 to UTC+14: a device set to one reports it, and ICU's list omits them.
const etcOffsetZone = /^Etc\/GMT(0|[+-]([0-9]|1[0-2])|-1[34])$/;
/** An IANA zone name (America/Los_Angeles, an old alias such as US/Pacific, or Etc/GMT-3); no offsets. */
export function isTimeZone(value: string): boolean {
  if (ianaZones.has(value) || etcOffsetZone.test(value)) return true;
  if (!/^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    return ianaZones.has(
      new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone,
    );
  } catch {
    return false;
  }
}
export const timeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, say(fieldMessages.unknownTimeZone))
  .brand<"TimeZone">();
export type TimeZone = z.output<typeof timeZone>;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Days from From to To (YYYY-MM-DD), both counted: less than 1 when To is before From. */
export const periodDays = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;
