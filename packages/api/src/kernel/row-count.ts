import { sql, type SelectQueryBuilder } from "kysely";
import type { Database, Executor } from "@vsi/db";

/**
 * How a long list counts its rows. Up to `exactUpTo` matches the total is always exact; past it
 * the first page shows the planner's estimate unless the caller asks for the exact total, so the
 * first page of a million rows costs what the first page of ten thousand does.
 */
export const countLimits: CountLimits = {
  exactUpTo: 100_000,
  estimateAbove: 500_000,
};

export interface CountLimits {
  /** Counted exactly (an index-only count that stops one past this). */
  exactUpTo: number;
  /** The planner expects more than this (5× the exact limit): not even the capped count is run. */
  estimateAbove: number;
}

export interface RowTotal {
  total: number;
  /** True when `total` is the planner's estimate, not a count. */
  estimated: boolean;
}

/** A list's matching rows as `select 1 … where …`: what is counted or estimated. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of the schema, any joins
export type Matches = SelectQueryBuilder<Database, any, { one: number }>;

/** Counts the matches, stopping one past `cap`: an index-only count of at most cap + 1 entries. */
export const cappedCount = (db: Executor, matches: Matches, cap: number) =>
  db
    .selectFrom(matches.limit(cap + 1).as("matches"))
    .select((eb) => eb.fn.countAll<string>().as("total"));

/** Rows the planner expects: one EXPLAIN, no rows read. */
async function plannedRows(db: Executor, matches: Matches): Promise<number> {
  const { rows } = await sql<{ "QUERY PLAN": unknown }>`explain (format json) ${matches}`.execute(
    db,
  );
  const raw = rows[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{
    Plan: { "Plan Rows": number };
  }>;
  return Math.round(plan[0]?.Plan["Plan Rows"] ?? 0);
}

export async function countMatches(
  db: Executor,
  matches: Matches,
  options: { exact?: boolean; limits?: CountLimits | undefined } = {},
): Promise<RowTotal> {
  const limits = options.limits ?? countLimits;
  if (options.exact) {
    const row = await db
      .selectFrom(matches.as("matches"))
      .select((eb) => eb.fn.countAll<string>().as("total"))
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), estimated: false };
  }
  const planned = await plannedRows(db, matches);
  if (planned > limits.estimateAbove) return { total: planned, estimated: true };
  const row = await cappedCount(db, matches, limits.exactUpTo).executeTakeFirstOrThrow();
  const counted = Number(row.total);
  if (counted <= limits.exactUpTo) return { total: counted, estimated: false };
  return { total: Math.max(planned, counted), estimated: true };
}
