import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import {
  cappedCount,
  countLimits,
  countMatches,
  type CountLimits,
  type RowTotal,
} from "../kernel/row-count.ts";
import { visitConditions, type VisitFilters } from "./filters.ts";

export { countLimits };
export type VisitTotal = RowTotal;

/** The report's matching visits, as counted or estimated (kernel/row-count.ts). */
export const plannedRowsQuery = (db: Executor, filters: VisitFilters) =>
  db
    .selectFrom("visits")
    .select(sql<number>`1`.as("one"))
    .where(visitConditions(filters));

export const cappedCountQuery = (db: Executor, filters: VisitFilters, cap: number) =>
  cappedCount(db, plannedRowsQuery(db, filters), cap);

export const countVisits = (
  db: Executor,
  filters: VisitFilters,
  options: { exact?: boolean; limits?: CountLimits | undefined } = {},
): Promise<VisitTotal> => countMatches(db, plannedRowsQuery(db, filters), options);
