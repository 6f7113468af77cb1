import { sql } from "kysely";
import type { CalendarDate, TimeZone } from "./calendar.ts";

/** The first instant of a calendar day in a zone, and the first of the day after: a day is [start, next). */
export const dayStart = (day: CalendarDate, zone: TimeZone) =>
  sql<Date>`(${day}::date)::timestamp at time zone ${zone}`;
export const nextDayStart = (day: CalendarDate, zone: TimeZone) =>
  sql<Date>`(${day}::date + 1)::timestamp at time zone ${zone}`;
