import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database, Executor } from "@vsi/db";
import { iso } from "../kernel/iso-time.ts";
import type { AuditAction, AuditEntry, AuditListInput } from "./audit-schema.ts";
import { pageCount, pageSize } from "../kernel/pagination.ts";
import { countMatches, type CountLimits } from "../kernel/row-count.ts";
import { dayStart, nextDayStart } from "../kernel/day-bounds.ts";
import { anyOf } from "../kernel/any-of.ts";

/** `locationIds`: a site admin's locations, whose entries alone they read. */
export type AuditFilters = Omit<AuditListInput, "page" | "exactTotal"> & {
  locationIds?: readonly number[] | undefined;
};

/** The log's WHERE clause; from/to are calendar days in the caller's zone, inclusive, as the report's. */
function auditConditions(filters: AuditFilters) {
  return (eb: ExpressionBuilder<Database, "audit_log">): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.action) conditions.push(eb("audit_log.action", "in", filters.action));
    // The indexes by action and by location leave sign-ins out (each sign-in's row would be written
    // into both): said outright, the planner may use them for any choice of actions without one.
    if (filters.action && !filters.action.includes("visit.sign_in"))
      conditions.push(sql<SqlBool>`audit_log.action <> 'visit.sign_in'`);
    if (filters.userId !== undefined) conditions.push(eb("audit_log.user_id", "=", filters.userId));
    if (filters.locationId !== undefined)
      conditions.push(eb("audit_log.location_id", "=", filters.locationId));
    if (filters.locationIds !== undefined)
      conditions.push(eb("audit_log.location_id", "=", anyOf(filters.locationIds)));
    if (filters.from)
      conditions.push(eb("audit_log.at", ">=", dayStart(filters.from, filters.timeZone)));
    if (filters.to)
      conditions.push(eb("audit_log.at", "<", nextDayStart(filters.to, filters.timeZone)));
    return eb.and(conditions);
  };
}

/**
 * One page of the log, newest first, with the names of who and where as they are now. The log
 * grows by two rows a visit: its total is counted as the report's is (exact up to 100,000).
 */
export async function auditPage(
  db: Executor,
  filters: AuditFilters,
  page: number,
  options: { exactTotal?: boolean | undefined; limits?: CountLimits | undefined } = {},
) {
  const where = auditConditions(filters);
  const [rows, count] = await Promise.all([
    db
      .selectFrom("audit_log")
      // No foreign keys from the log: whoever or whatever it names may be gone (left joins).
      .leftJoin("users", "users.id", "audit_log.user_id")
      .leftJoin("tablets", "tablets.id", "audit_log.tablet_id")
      .leftJoin("locations as tablet_location", "tablet_location.id", "tablets.location_id")
      .leftJoin("locations", "locations.id", "audit_log.location_id")
      .selectAll("audit_log")
      .select([
        "users.first_name",
        "users.last_name",
        "users.email",
        "tablets.location_id as tablet_location_id",
        "tablet_location.name as tablet_location_name",
        "locations.name as location_name",
      ])
      .where(where)
      .orderBy("audit_log.at", "desc")
      .orderBy("audit_log.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    countMatches(
      db,
      db
        .selectFrom("audit_log")
        .select(sql<number>`1`.as("one"))
        .where(where),
      { exact: options.exactTotal, limits: options.limits },
    ),
  ]);
  const { total, estimated } = count;
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: iso(row.at),
    action: row.action as AuditAction,
    actor: {
      kind: row.actor,
      userId: row.user_id,
      name:
        row.first_name === null ? null : [row.first_name, row.last_name].filter(Boolean).join(" "),
      email: row.email,
      tabletId: row.tablet_id,
      tabletLocation:
        row.tablet_location_id === null || row.tablet_location_name === null
          ? null
          : { id: row.tablet_location_id, name: row.tablet_location_name },
    },
    subject: row.subject_type === null ? null : { type: row.subject_type, id: row.subject_id },
    location: row.location_id === null ? null : { id: row.location_id, name: row.location_name },
    details: row.details,
  }));
  return { entries, total, totalEstimated: estimated, page, pageCount: pageCount(total) };
}
