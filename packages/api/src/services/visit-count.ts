import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { visitConditions, type VisitFilters } from "./visit-filters.ts";

/**
 * How the report counts its rows. Up to `exactUpTo` matches the total is always exact; past it
 * the first page shows the planner's estimate unless the caller asks for the exact total, so the
 * first page of a million visits costs what the first page of ten thousand does.
 */
export const countLimits = {
  /** Counted exactly (an index-only count that stops one past this). */
  exactUpTo: 100_000,
  /** The planner expects more than this (5× the exact limit): not even the capped count is run. */
  estimateAbove: 500_000,
};

export interface VisitTotal {
  total: number;
  /** True when `total` is the planner's estimate, not a count. */
  estimated: boolean;
}

/** What the planner is asked about (EXPLAIN only: no row is read). */
export const plannedRowsQuery = (db: Executor, filters: VisitFilters) =>
  db.selectFrom("visits").select(sql<number>`1`.as("one")).where(visitConditions(filters));

/** Counts the matches, stopping one past `cap`: an index-only count of at most cap + 1 entries. */
export const cappedCountQuery = (db: Executor, filters: VisitFilters, cap: number) =>
  db
    .selectFrom(db.selectFrom("visits").select(sql<number>`1`.as("one")).where(visitConditions(filters)).limit(cap + 1).as("matches"))
    .select((eb) => eb.fn.countAll<string>().as("total"));

/** Rows the planner expects the filters to match: one EXPLAIN, no rows read. */
async function plannedRows(db: Executor, filters: VisitFilters): Promise<number> {
  const { rows } = await sql<{ "QUERY PLAN": unknown }>`explain (format json) ${plannedRowsQuery(db, filters)}`.execute(db);
  const raw = rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: { "Plan Rows": number } }>;
  return Math.round(plan[0]?.Plan["Plan Rows"] ?? 0);
}

export async function countVisits(db: Executor, filters: VisitFilters, options: { exact?: boolean; limits?: typeof countLimits } = {}): Promise<VisitTotal> {
  const where = visitConditions(filters);
  const limits = options.limits ?? countLimits;
  if (options.exact) {
    const row = await db.selectFrom("visits").select((eb) => eb.fn.countAll<string>().as("total")).where(where).executeTakeFirstOrThrow();
    return { total: Number(row.total), estimated: false };
  }
  const planned = await plannedRows(db, filters);
  if (planned > limits.estimateAbove) return { total: planned, estimated: true };
  const row = await cappedCountQuery(db, filters, limits.exactUpTo).executeTakeFirstOrThrow();
  const counted = Number(row.total);
  if (counted <= limits.exactUpTo) return { total: counted, estimated: false };
  return { total: Math.max(planned, counted), estimated: true };
}
