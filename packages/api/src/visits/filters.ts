import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import type { Database } from "@vsi/db";
import type { Identity } from "../kernel/identity.ts";
import { withinCallerLocations } from "../kernel/permissions.ts";
import type { VisitFilterInput } from "./schema.ts";
import { dayStart, nextDayStart } from "../kernel/day-bounds.ts";

/**
 * The report's filters as its schema leaves them; `locationIds`, the caller's locations when they hold only some and named none
 * (withinCallerLocations in kernel/permissions.ts).
 */
export type VisitFilters = Pick<
  VisitFilterInput,
  "from" | "to" | "locationId" | "programId" | "timeZone"
> & { locationIds?: readonly number[] | undefined };

/**
 * Dates and the zone come checked by the schema (real calendar days, IANA names), as their types say.
 * The period and place of a report, on any table that carries a visit's time_in, location and
 * program (visits, and the funder summary's answer_figures). from/to are calendar days in the
 * caller's zone, inclusive; each bound becomes one UTC instant, so a time_in index is used.
 */
export function periodConditions(
  filters: VisitFilters,
  table: "visits" | "answer_figures",
): RawBuilder<SqlBool>[] {
  const column = (name: "time_in" | "location_id" | "program_id") => sql.ref(`${table}.${name}`);
  const conditions: RawBuilder<SqlBool>[] = [];
  if (filters.from)
    conditions.push(sql`${column("time_in")} >= ${dayStart(filters.from, filters.timeZone)}`);
  if (filters.to)
    conditions.push(sql`${column("time_in")} < ${nextDayStart(filters.to, filters.timeZone)}`);
  if (filters.locationId !== undefined)
    conditions.push(sql`${column("location_id")} = ${filters.locationId}`);
  // A list of integers, not an array parameter: the CSV's COPY inlines every value.
  if (filters.locationIds !== undefined)
    conditions.push(
      filters.locationIds.length
        ? sql`${column("location_id")} in (${sql.join([...filters.locationIds])})`
        : sql<SqlBool>`false`,
    );
  if (filters.programId !== undefined)
    conditions.push(sql`${column("program_id")} = ${filters.programId}`);
  return conditions;
}

/** The WHERE clause shared by the sheet (of its open visits: open_visits), the report and the CSV. */
export function visitConditions(filters: VisitFilters) {
  return (eb: ExpressionBuilder<Database, "visits">): Expression<SqlBool> =>
    eb.and(periodConditions(filters, "visits"));
}

/** A report's filters as its input names them. */
export const filtersOf = (input: VisitFilterInput): VisitFilters => ({
  from: input.from,
  to: input.to,
  locationId: input.locationId,
  programId: input.programId,
  timeZone: input.timeZone,
});

/** The filters of a staff member's list or report: their locations alone. */
export const callerFiltersOf = (identity: Identity, input: VisitFilterInput) =>
  withinCallerLocations(identity, filtersOf(input));
