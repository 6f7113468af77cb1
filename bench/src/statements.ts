/**
 * The statements the server issues for a tablet's calls, imported from the server's own source
 * (one statement per call: the tablet's token is checked with the work). The trace phase checks
 * them against the wire.
 */
import { sheetWithProgram, signIn } from "../../packages/api/src/services/tablet-calls.ts";

/** Sign-in without a key: $1 token hash, $2 now, $3-$6 names, phone, temperature, $7 location, $8 program, $9 a queued sign-in's TimeIn (null: now). */
export const signInInsert = signIn;

/** The sheet: $1 token hash, $2 now, $3 program, $4 limit. */
export const sheetSelect = sheetWithProgram;

/** The same statement with pgbench variables (`:name`) in place of $n; -M prepared makes them parameters again. */
export function forPgbench(statement: string, names: string[]): string {
  // pgbench reads any ":word" as a variable, in a string literal too (the sheet's to_char format
  // 'HH24:MI:SS'): such a colon becomes chr(58), which the plan folds back into the constant.
  const literalColons = statement.replace(/'[^']*'/g, (literal) =>
    literal.replace(/:(?=[A-Za-z_])/g, "' || chr(58) || '"),
  );
  return literalColons.replace(/\$(\d+)/g, (_m, n: string) => `:${names[Number(n) - 1]}`) + ";\n";
}

// Each transaction a phone of its own (one open visit per phone): a per-client counter :c
// (pgbench keeps variables between a client's transactions) above the run's :phbase.
export const pgbenchSignIn =
  "\\set n random(1, 100000000)\n" +
  "\\set c :c + 1\n" +
  "\\set ph :phbase + :client_id * 1000000 + :c\n" +
  forPgbench(signInInsert.replace("$9::timestamptz", "null::timestamptz"), [
    "hash",
    "ts",
    "n",
    "ln",
    "ph",
    "tmp",
    "loc",
    "prog",
  ]);

export const pgbenchSheet = forPgbench(sheetSelect, ["hash", "ts", "prog", "lim"]);

export const normalize = (s: string) => s.replace(/\s+/g, " ").trim();

const reportFrom =
  'from "visits" inner join "locations" on "locations"."id" = "visits"."location_id" inner join "programs" on "programs"."id" = "visits"."program_id"';
const reportSelect = `select "visits".*, "locations"."name" as "location_name", "programs"."name" as "program_name" ${reportFrom}`;
const monthWhere =
  '("visits"."time_in" >= ($1::date)::timestamp at time zone $2 and "visits"."time_in" < ($3::date + 1)::timestamp at time zone $4 and "visits"."location_id" = $5)';
/** The report's statements (services/visits.ts reportPage) and the sheet's, for EXPLAIN. */
export function reportStatements(p: {
  lastOffset: number;
  month: [string, string];
  locationId: number;
  programId: number;
  cursor: [string, number];
  tokenHash: string;
}) {
  return [
    {
      name: "report first page (rows)",
      sql: `${reportSelect} where 1 = 1 order by "visits"."time_in" desc, "visits"."id" desc limit $1 offset $2`,
      params: [25, 0],
    },
    {
      name: "report last page (rows)",
      sql: `${reportSelect} where 1 = 1 order by "visits"."time_in" desc, "visits"."id" desc limit $1 offset $2`,
      params: [25, p.lastOffset],
    },
    {
      name: "location + month page (rows)",
      sql: `${reportSelect} where ${monthWhere} order by "visits"."time_in" desc, "visits"."id" desc limit $6 offset $7`,
      params: [p.month[0], "UTC", p.month[1], "UTC", p.locationId, 25, 0],
    },
    { name: "sheet list", sql: sheetSelect, params: [p.tokenHash, new Date(), p.programId, 500] },
  ];
}
