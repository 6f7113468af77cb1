import { CompiledQuery, type Kysely } from "kysely";
import { prepared, type Database, type Visit } from "@vsi/db";
import type { NewVisitFields } from "./visits.ts";

/**
 * A tablet's three calls (its sheet, a sign-in, a sign-out), each one statement that checks the
 * tablet's token too: one round trip per call, and no cache of who a tablet is, so a revocation
 * counts from the next call. The texts are written once (no query building per call). An empty
 * answer means the token, the location or the program failed: the caller then asks which
 * (findTabletByHash and the usual checks), off the hot path.
 */

// $1 the token's hash, $2 now. The live tablet (not revoked, its location not archived), and its
// last_seen_at brought up to date when it is a minute old (writing it on every call would add a
// write to each). services/tablets.ts findTabletByHash runs the same CTE alone.
export const tabletCte = `with tablet as (
  select tablets.id, tablets.location_id, tablets.last_seen_at from tablets
  inner join locations on locations.id = tablets.location_id
  where tablets.token_hash = $1 and tablets.revoked_at is null and locations.archived_at is null
), seen as (
  update tablets set last_seen_at = $2::timestamptz from tablet
  where tablets.id = tablet.id and (tablet.last_seen_at is null or tablet.last_seen_at < $2::timestamptz - interval '1 minute')
  returning tablets.id
)`;

// A visit's columns, named: a prepared statement's result must not change when a migration adds one.
const visitColumnNames = [
  "id",
  "first_name",
  "last_name",
  "phone_number",
  "temperature",
  "time_in",
  "time_out",
  "signed_out_by",
  "location_id",
  "program_id",
  "erased_at",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof Visit)[];
// Every column of Visit is listed (a compile error otherwise).
const everyColumn: Exclude<keyof Visit, (typeof visitColumnNames)[number]> extends never
  ? true
  : never = true;
void everyColumn;
const visitColumns = (table: string) => visitColumnNames.map((c) => `${table}.${c}`).join(", ");

const timeColumns = ["time_in", "time_out", "created_at", "updated_at"] as const;
type TimeColumn = (typeof timeColumns)[number];
/** A visit as the sheet's statement returns it: its times already the API's ISO text, no erased_at. */
export type SheetVisit = Omit<Visit, TimeColumn | "erased_at"> & {
  [K in TimeColumn]: null extends Visit[K] ? string | null : string;
};
// The sheet writes 25 visits' times: formatted here (as toISOString does, microseconds cut), each
// saves pg a Date to parse and us one to format back, most of the sheet's own CPU after the I/O.
const sheetColumns = (table: string) =>
  visitColumnNames
    .filter((c) => c !== "erased_at")
    .map((c) =>
      (timeColumns as readonly string[]).includes(c)
        ? `to_char(${table}.${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${c}`
        : `${table}.${c}`,
    )
    .join(", ");

/** The program is offered at the location ($n, $m): the live location comes from the tablet's join. */
const offeredAt = (location: string, program: string) =>
  `exists (select 1 from location_programs inner join programs on programs.id = location_programs.program_id
    where location_programs.location_id = ${location} and location_programs.program_id = ${program} and programs.archived_at is null)`;

// Then ProgramId (when given), the first day and its zone (when given: the kiosk asks from today in
// the tablet's zone), the limit. One row with nulls when the sheet is empty, so an empty sheet still
// tells the tablet's location. Four texts, each with its own plan on the open-visits index.
function sheetFor(program: boolean, fromDay: boolean) {
  let n = 2;
  const programClause = program ? ` and visits.program_id = $${++n}::int` : "";
  const fromClause = fromDay
    ? ` and visits.time_in >= ($${++n}::date)::timestamp at time zone $${++n}::text`
    : "";
  return prepared(`${tabletCte}
select tablet.id as tablet_id, tablet.location_id as tablet_location_id, ${sheetColumns("v")} from tablet left join lateral (
  select ${visitColumns("visits")} from visits where visits.location_id = tablet.location_id${programClause}${fromClause} and visits.time_out is null
  order by visits.time_in, visits.id limit $${++n}::int
) v on true`);
}
export const sheetWithProgram = sheetFor(true, false);
const sheetTexts = [
  sheetFor(false, false),
  sheetWithProgram,
  sheetFor(false, true),
  sheetFor(true, true),
];

/**
 * The audit row of what the CTE `changed` wrote (services/audit.ts), by this tablet, in the same
 * statement: written with the change or not at all, and nothing when the statement changed nothing.
 */
const audited = (
  action: "visit.sign_in" | "visit.sign_out",
  details: string,
  where = "",
) => `, audit as (
  insert into audit_log (at, actor, user_id, tablet_id, action, subject_type, details, subject_id, location_id)
  select $2::timestamptz, 'tablet', null, tablet.id, '${action}', 'visit', '${details}'::jsonb, changed.id, changed.location_id
  from changed cross join tablet${where}
)`;

// $3-$6 names, phone, temperature; $7 LocationId, $8 ProgramId; $9 a queued sign-in's own TimeIn (else now).
export const signIn = prepared(`${tabletCte}, changed as (
  insert into visits (first_name, last_name, phone_number, temperature, location_id, program_id, time_in, created_at, updated_at)
  select $3::text, $4::text, $5::text, $6::text, tablet.location_id, $8::int, coalesce($9::timestamptz, $2::timestamptz), $2::timestamptz, $2::timestamptz
  from tablet where tablet.location_id = $7::int and ${offeredAt("$7::int", "$8::int")}
  returning ${visitColumns("visits")}
)${audited("visit.sign_in", "{}")}
select ${visitColumns("changed")} from changed`);

// As signIn, $9 the Idempotency-Key, $10 the TimeIn. The key is claimed per tablet ('t<id>:<key>', as
// for any caller), taking the visit's id from its sequence; the visit is inserted under that id and
// audited, or, when the key is already claimed (within 24 hours), its visit is returned and nothing
// recorded. The claim's foreign key to the visit is checked at the end of the statement, when both rows exist.
export const signInWithKey = prepared(`${tabletCte}, caller as (
  select 't' || tablet.id || ':' || $9::text as key from tablet where tablet.location_id = $7::int
), claim as (
  insert into visit_idempotency_keys (key, visit_id, created_at)
  select caller.key, nextval('visits_id_seq'), $2::timestamptz from caller where ${offeredAt("$7::int", "$8::int")}
  on conflict (key) do update set visit_id = excluded.visit_id, created_at = excluded.created_at
    where visit_idempotency_keys.created_at <= $2::timestamptz - interval '24 hours'
  returning visit_id
), changed as (
  insert into visits (id, first_name, last_name, phone_number, temperature, location_id, program_id, time_in, created_at, updated_at)
  select visit_id, $3::text, $4::text, $5::text, $6::text, $7::int, $8::int, coalesce($10::timestamptz, $2::timestamptz), $2::timestamptz, $2::timestamptz from claim
  returning ${visitColumns("visits")}
)${audited("visit.sign_in", "{}")}
select ${visitColumns("changed")} from changed
union all
select ${visitColumns("visits")} from visit_idempotency_keys k inner join caller on k.key = caller.key inner join visits on visits.id = k.visit_id
where k.created_at > $2::timestamptz - interval '24 hours' and not exists (select 1 from claim)`);

// $3 the visit's id, $4 the tablet's reach (permissions.ts tabletSignOutReachMs): a visit of its
// location still open or ended since then. TimeOut is set once, as the visitor's own; a second
// sign-out keeps the first time and kind, and is not audited again. "locked" waits for a sign-out
// in flight and then reads the row as it committed, so two at once record one.
export const signOut = prepared(`${tabletCte}, locked as (
  select visits.id, visits.time_out from visits inner join tablet on visits.location_id = tablet.location_id
  where visits.id = $3::int and (visits.time_out is null or visits.time_out > $4::timestamptz) for update of visits
), changed as (
  update visits set time_out = coalesce(visits.time_out, $2::timestamptz),
    signed_out_by = case when visits.time_out is null then 'visitor' else visits.signed_out_by end, updated_at = $2::timestamptz
  from locked where visits.id = locked.id
  returning ${visitColumns("visits")}
)${audited("visit.sign_out", '{"by":"visitor"}', " inner join locked on locked.id = changed.id where locked.time_out is null")}
select ${visitColumns("changed")} from changed`);

export async function run<R>(
  db: Kysely<Database>,
  text: string,
  parameters: unknown[],
): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, parameters))).rows;
}

type SheetRow = { tablet_id: number; tablet_location_id: number } & (
  SheetVisit | { [K in keyof SheetVisit]: null }
);

/** The sheet's filters: a program, and from a calendar day in a zone (each optional). */
export type SheetFilters = { programId?: number; from?: string; timeZone: string };

/** The tablet's open visits (of one program, or all), oldest first; undefined when the token failed. */
export async function tabletSheet(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
  filters: SheetFilters,
  limit: number,
) {
  const parameters: unknown[] = [tokenHash, now];
  if (filters.programId !== undefined) parameters.push(filters.programId);
  if (filters.from !== undefined) parameters.push(filters.from, filters.timeZone);
  parameters.push(limit);
  const text =
    sheetTexts[(filters.programId !== undefined ? 1 : 0) + (filters.from !== undefined ? 2 : 0)]!;
  const rows = await run<SheetRow>(db, text, parameters);
  const first = rows[0];
  if (!first) return undefined;
  // An empty sheet is its one row of nulls.
  const visits = first.id === null ? [] : (rows as SheetVisit[]);
  return { tablet: { tabletId: first.tablet_id, locationId: first.tablet_location_id }, visits };
}

/** The new visit (or, with a key already used, its visit); undefined when nothing was written. */
export async function tabletSignIn(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
  fields: NewVisitFields,
  key: string | undefined,
): Promise<Visit | undefined> {
  const values = [
    tokenHash,
    now,
    fields.FirstName,
    fields.LastName,
    fields.PhoneNumber,
    fields.Temperature,
    fields.LocationId,
    fields.ProgramId,
  ];
  const timeIn = fields.TimeIn ?? null;
  const rows =
    key === undefined
      ? await run<Visit>(db, signIn, [...values, timeIn])
      : await run<Visit>(db, signInWithKey, [...values, key, timeIn]);
  return rows[0];
}

/** The signed-out visit; undefined when the token failed or the visit is out of the tablet's reach. */
export async function tabletSignOut(
  db: Kysely<Database>,
  tokenHash: string,
  now: Date,
  visitId: number,
  endedSince: Date,
): Promise<Visit | undefined> {
  return (await run<Visit>(db, signOut, [tokenHash, now, visitId, endedSince]))[0];
}
