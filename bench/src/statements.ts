/**
 * The statements the server issues for a tablet's calls, taken from the server's own functions:
 * each is run once against a Kysely without a database that records what it would send, with a
 * marker value for each input, so every $n can be traced back to the input it carries. The trace
 * phase checks them against the wire; pgbench, the bare route and EXPLAIN run them.
 */
import { createHash } from "node:crypto";
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
} from "kysely";
import type { Database } from "../../packages/db/src/schema.ts";
import { findLiveTablet } from "../../packages/api/src/services/tablets.ts";
import { lastUseNotedEveryMs } from "../../packages/api/src/services/tokens.ts";
import { createVisit, openVisits, sheetLimit } from "../../packages/api/src/services/visits.ts";
import { visitFilterInput } from "../../packages/api/src/schemas/visits.ts";

let recorded: CompiledQuery[] = [];
const recorder = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  log: (event) => void recorded.push(event.query),
});

/** The first statement `run` sends (it gets no rows back, so it may throw after). */
async function firstStatement(run: () => Promise<unknown>): Promise<CompiledQuery> {
  recorded = [];
  await run().catch(() => undefined);
  const first = recorded[0];
  if (!first) throw new Error("the server's function sent no statement");
  return first;
}

// The marker of each input: pgbench's variable of the same name, or the bare route's value.
const now = new Date("2001-02-03T04:05:06.789Z");
const token = "bench-sheet-token";
const markers = {
  hash: createHash("sha256").update(token).digest("hex"),
  ts: now.getTime(),
  // A tablet's last_seen_at is noted when older than this.
  seen: now.getTime() - lastUseNotedEveryMs,
  n: "bench-first-name",
  ln: "bench-last-name",
  ph: "bench-phone",
  tmp: "bench-temperature",
  loc: 900_000_001,
  prog: 900_000_002,
  tab: 900_000_003,
  lim: sheetLimit,
};
type Input = keyof typeof markers;

/** The input a parameter carries, if it is one. */
function inputOf(value: unknown): Input | undefined {
  const key = value instanceof Date ? value.getTime() : value;
  return (Object.keys(markers) as Input[]).find((name) => markers[name] === key);
}

// Through the filters' own schema, as the server takes them.
const utc = visitFilterInput.parse({ timeZone: "UTC" }).timeZone;
const tabletLookup = await firstStatement(() => findLiveTablet(recorder, token, now));
const sheet = await firstStatement(() =>
  openVisits(recorder, { locationId: markers.loc, programId: markers.prog, timeZone: utc }),
);
const signIn = await firstStatement(() =>
  createVisit(
    recorder,
    {
      FirstName: markers.n,
      LastName: markers.ln,
      PhoneNumber: markers.ph,
      Temperature: markers.tmp,
      LocationId: markers.loc,
      ProgramId: markers.prog,
    },
    now,
    { kind: "tablet", tabletId: markers.tab },
  ),
);

/** Every tablet call starts with the tablet's check: $n the token's hash and times. */
export const tabletLookupSelect = tabletLookup.sql;
/** The sheet: the tablet's location and a program, oldest first. */
export const sheetSelect = sheet.sql;
/** Sign-in without a key, with its audit row. */
export const signInInsert = signIn.sql;

/** A statement's parameters with the inputs given (every input it carries must be given). */
function bind(statement: CompiledQuery, inputs: Partial<Record<Input, unknown>>): unknown[] {
  return statement.parameters.map((value) => {
    const input = inputOf(value);
    if (input === undefined) return value;
    if (!(input in inputs)) throw new Error(`no value for ${input}`);
    return inputs[input];
  });
}

export const tabletLookupParams = (hash: string, at: Date) =>
  bind(tabletLookup, { hash, ts: at, seen: new Date(at.getTime() - lastUseNotedEveryMs) });
export const sheetParams = (locationId: number, programId: number) =>
  bind(sheet, { loc: locationId, prog: programId, lim: sheetLimit });

/** A value as an SQL literal, for the parameters that carry no input. */
function literal(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return `'${value.replace(/'/g, "''")}'`;
  throw new Error(`cannot inline ${typeof value}`);
}

/** The statement with pgbench variables (`:name`) for its inputs; -M prepared makes them parameters again. */
export function forPgbench(statement: CompiledQuery): string {
  // pgbench reads any ":word" as a variable, in a string literal too: such a colon becomes
  // chr(58), which the plan folds back into the constant.
  const literalColons = statement.sql.replace(/'[^']*'/g, (text) =>
    text.replace(/:(?=[A-Za-z_])/g, "' || chr(58) || '"),
  );
  const text = literalColons.replace(/\$(\d+)/g, (_m, n: string) => {
    const value = statement.parameters[Number(n) - 1];
    const input = inputOf(value);
    return input === undefined ? literal(value) : `:${input}`;
  });
  return `${text};\n`;
}

// Each transaction a phone of its own (one open visit per phone): a per-client counter :c
// (pgbench keeps variables between a client's transactions) above the run's :phbase. Both
// scripts start with the tablet's check, as each call does.
export const pgbenchSignIn =
  "\\set n random(1, 100000000)\n" +
  "\\set c :c + 1\n" +
  "\\set ph :phbase + :client_id * 1000000 + :c\n" +
  forPgbench(tabletLookup) +
  forPgbench(signIn);

export const pgbenchSheet = forPgbench(tabletLookup) + forPgbench(sheet);

/** pgbench's values for the tablet's check: its token's hash, now, and since when it counts as seen. */
export const pgbenchTabletVars = (hash: string) => {
  const at = Date.now();
  return {
    hash,
    ts: new Date(at).toISOString(),
    seen: new Date(at - lastUseNotedEveryMs).toISOString(),
  };
};

export const normalize = (s: string) => s.replace(/\s+/g, " ").trim();

const reportFrom =
  'from "visits" inner join "locations" on "locations"."id" = "visits"."location_id" inner join "programs" on "programs"."id" = "visits"."program_id"';
const reportSelect = `select "visits".*, "locations"."name" as "location_name", "programs"."name" as "program_name" ${reportFrom}`;
const monthWhere =
  '("visits"."time_in" >= ($1::date)::timestamp at time zone $2 and "visits"."time_in" < ($3::date + 1)::timestamp at time zone $4 and "visits"."location_id" = $5)';
/** The report's statements (services/visits.ts reportPage), the tablet's check and the sheet's, for EXPLAIN. */
export function reportStatements(p: {
  lastOffset: number;
  month: [string, string];
  locationId: number;
  programId: number;
  cursor: [string, number];
  sheetLocationId: number;
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
    {
      name: "tablet check",
      sql: tabletLookupSelect,
      params: tabletLookupParams(p.tokenHash, new Date()),
    },
    { name: "sheet list", sql: sheetSelect, params: sheetParams(p.sheetLocationId, p.programId) },
  ];
}
