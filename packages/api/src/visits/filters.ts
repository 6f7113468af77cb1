import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "@vsi/db";
import type { CalendarDate, TimeZone, VisitFilterInput } from "./schema.ts";

/** The first instant of a calendar day in a zone, and the first of the day after: a day is [start, next). */
export const dayStart = (day: CalendarDate, zone: TimeZone) =>
  sql<Date>`(${day}::date)::timestamp at time zone ${zone}`;
export const nextDayStart = (day: CalendarDate, zone: TimeZone) =>
  sql<Date>`(${day}::date + 1)::timestamp at time zone ${zone}`;

/** The report's filters as its schema leaves them; `openOnly` for sheet lists (visitors still in). */
export type VisitFilters = Pick<
  VisitFilterInput,
  "from" | "to" | "locationId" | "programId" | "timeZone"
> & { openOnly?: boolean };

/**
 * Dates and the zone come checked by the schema (real calendar days, IANA names), as their types say.
 * The WHERE clause shared by the sheet, the report and the CSV. from/to are calendar days in the
 * caller's zone, inclusive; each bound becomes one UTC instant, so the TimeIn index is used.
 */
export function visitConditions(filters: VisitFilters) {
  return (eb: ExpressionBuilder<Database, "visits">): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.from)
      conditions.push(eb("visits.time_in", ">=", dayStart(filters.from, filters.timeZone)));
    if (filters.to)
      conditions.push(eb("visits.time_in", "<", nextDayStart(filters.to, filters.timeZone)));
    if (filters.locationId !== undefined)
      conditions.push(eb("visits.location_id", "=", filters.locationId));
    if (filters.programId !== undefined)
      conditions.push(eb("visits.program_id", "=", filters.programId));
    if (filters.openOnly) conditions.push(eb("visits.time_out", "is", null));
    return eb.and(conditions);
  };
}
