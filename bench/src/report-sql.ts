/**
 * The report's count and summary statements as the server builds them (packages/api services),
 * compiled without a connection, for EXPLAIN in the scale phase.
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from "kysely";
import type { Database } from "../../packages/db/src/schema.ts";
import {
  cappedCountQuery,
  countLimits,
  plannedRowsQuery,
} from "../../packages/api/src/services/visit-count.ts";
import { summaryStatement } from "../../packages/api/src/services/visit-summary.ts";
import { csvCopySettings, csvSelect } from "../../packages/api/src/services/visits-csv.ts";
import { inlineParameters } from "../../packages/api/src/services/visits-csv-copy.ts";
import { visitFilterInput } from "../../packages/api/src/schemas/visits.ts";

const compiler = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

export interface ExplainStatement {
  name: string;
  sql: string;
  params: unknown[];
  /** The server only plans it (EXPLAIN without ANALYZE): running it would read what the server never reads. */
  planOnly?: boolean;
  /** Set for its transaction only, as the server sets them. */
  settings?: Record<string, string>;
}

const compiled = (
  name: string,
  query: { compile(): { sql: string; parameters: readonly unknown[] } },
  planOnly = false,
): ExplainStatement => {
  const { sql, parameters } = query.compile();
  return { name, sql, params: [...parameters], ...(planOnly ? { planOnly } : {}) };
};

export function countAndSummaryStatements(p: {
  month: [string, string];
  locationId: number;
}): ExplainStatement[] {
  // Through the filters' own schema, as the server takes them.
  const all = visitFilterInput.parse({ timeZone: "UTC" });
  const locationMonth = visitFilterInput.parse({
    timeZone: "UTC",
    from: p.month[0],
    to: p.month[1],
    locationId: p.locationId,
  });
  const month = visitFilterInput.parse({ timeZone: "UTC", from: p.month[0], to: p.month[1] });
  return [
    compiled(
      "report count, all visits: the planner's estimate (EXPLAIN only)",
      plannedRowsQuery(compiler, all),
      true,
    ),
    compiled(
      `report count, all visits: exact up to ${countLimits.exactUpTo.toLocaleString("en-US")} (run when the estimate is at most ${countLimits.estimateAbove.toLocaleString("en-US")})`,
      cappedCountQuery(compiler, all, countLimits.exactUpTo),
    ),
    compiled(
      "location + month count (exact, capped)",
      cappedCountQuery(compiler, locationMonth, countLimits.exactUpTo),
    ),
    compiled("summary: month by day, every location", {
      compile: () => summaryStatement(compiler, month, "day").compile(compiler),
    }),
    compiled("summary: location + month by day", {
      compile: () => summaryStatement(compiler, locationMonth, "day").compile(compiler),
    }),
    compiled("summary: all history by program", {
      compile: () => summaryStatement(compiler, all, "program").compile(compiler),
    }),
  ];
}

/** The CSV's SELECT for all rows in UTC as the server's COPY runs it, with its transaction's settings. */
export const csvCopy = {
  sql: inlineParameters(csvSelect(compiler, visitFilterInput.parse({ timeZone: "UTC" })).compile()),
  settings: { TimeZone: "UTC", ...csvCopySettings } as Record<string, string>,
};

export const csvCopyStatement: ExplainStatement = {
  name: "CSV (COPY's SELECT, all rows)",
  sql: csvCopy.sql,
  params: [],
  settings: csvCopy.settings,
};
