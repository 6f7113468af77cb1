import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "@vsi/db";
import { invalid } from "../errors.ts";

export interface VisitFilters {
  from?: string | undefined;
  to?: string | undefined;
  locationId?: number | undefined;
  programId?: number | undefined;
  timeZone: string;
  /** Sheet lists: only visitors still in the building. */
  openOnly?: boolean;
}

const knownZones = new Set<string>(["UTC", ...Intl.supportedValuesOf("timeZone")]);

/** An IANA zone name or a 422 on timeZone; PostgreSQL reads the same names. */
export function assertTimeZone(timeZone: string): void {
  if (knownZones.has(timeZone)) return;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    throw invalid("timeZone", `Unknown time zone ${timeZone}`);
  }
}

/**
 * The WHERE clause shared by the sheet, the report and the CSV. from/to are calendar days in the
 * caller's zone, inclusive; each bound becomes one UTC instant, so the TimeIn index is used.
 */
export function visitConditions(filters: VisitFilters) {
  assertTimeZone(filters.timeZone);
  return (eb: ExpressionBuilder<Database, "visits">): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.from) conditions.push(eb("visits.time_in", ">=", sql<Date>`(${filters.from}::date)::timestamp at time zone ${filters.timeZone}`));
    if (filters.to) conditions.push(eb("visits.time_in", "<", sql<Date>`(${filters.to}::date + 1)::timestamp at time zone ${filters.timeZone}`));
    if (filters.locationId !== undefined) conditions.push(eb("visits.location_id", "=", filters.locationId));
    if (filters.programId !== undefined) conditions.push(eb("visits.program_id", "=", filters.programId));
    if (filters.openOnly) conditions.push(eb("visits.time_out", "is", null));
    return eb.and(conditions);
  };
}
