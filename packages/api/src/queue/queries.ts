import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database, Executor, Visit } from "@vsi/db";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { auditColumns, auditValues, systemActor, type AuditActor } from "../kernel/audit.ts";
import { HttpError, notFound } from "../kernel/errors.ts";
import { queueMessages, say } from "../kernel/messages.ts";
import { drawOrder, newSeed } from "./draw.ts";
import { waitingByLine } from "./mappers.ts";
import type { QueueScreen, QueueView, QueueWaitsInput } from "./schema.ts";

/**
 * In the line at its location today (`v` a visit, `l` its location): numbered, signed in since
 * the location's local midnight, still there, neither served nor marked not present, nor declined.
 * The one rule for who is in the line (visits_queue_idx serves it).
 */
const inLineToday = (locationId: number | RawBuilder<number>, now: Date) => sql<boolean>`(
  v.location_id = ${locationId} and v.queue_number is not null
  and v.served_at is null and v.no_show_at is null and v.time_out is null
  and v.eligibility is distinct from 'declined'
  and v.time_in >= (date_trunc('day', ${now}::timestamptz at time zone l.time_zone) at time zone l.time_zone))`;

/** Waiting: in the line and not called yet. */
const waitingToday = (locationId: number | RawBuilder<number>, now: Date) =>
  sql<boolean>`(${inLineToday(locationId, now)} and v.called_at is null)`;

/**
 * The order of the line: the lottery's places first (those it drew), then everyone else by their
 * number (where programs have lines of their own, each line's first before any line's second).
 * The one place this order is said.
 */
const lineOrder = sql`coalesce(v.queue_place, 2147483647), v.queue_number, v.time_in`;

interface LineRow {
  id: number;
  queue_number: number;
  called_at: Date | null;
  called_to: string | null;
  line_id: number | null;
  line_name: string | null;
  line_name_es: string | null;
}

/** The line a number is in: its program's own, or null for the location's shared line. */
const lineOf = (row: LineRow) =>
  row.line_id === null ? null : { id: row.line_id, Name: row.line_name!, NameEs: row.line_name_es };

/** A location's line today, and the location's name: every read of the line starts here. */
async function lineToday(db: Executor, locationId: number, now: Date) {
  // The location's row first, so one that does not exist (or was archived) is told apart (404).
  const { rows: found } = await sql<(LineRow | { id: null }) & { location_name: string }>`
    select v.id, v.queue_number, v.called_at, v.called_to,
      p.id as line_id, p.name as line_name, p.name_es as line_name_es, l.name as location_name
    from locations l left join visits v on ${inLineToday(locationId, now)}
    left join programs p on p.id = v.queue_line
    where l.id = ${locationId} and l.archived_at is null
    order by v.called_at desc nulls last, ${lineOrder}`.execute(db);
  if (found.length === 0) throw notFound("Location");
  const rows = found.filter((row): row is LineRow & { location_name: string } => row.id !== null);
  const line: QueueView = {
    serving: rows
      .filter((row) => row.called_at !== null)
      .map((row) => ({
        number: row.queue_number,
        desk: row.called_to,
        visitId: row.id,
        line: lineOf(row),
      })),
    waiting: rows
      .filter((row) => row.called_at === null)
      .map((row) => ({ number: row.queue_number, visitId: row.id, line: lineOf(row) })),
  };
  return { location: { id: locationId, Name: found[0]!.location_name }, line };
}

/** A location's line today: who is being served (latest call first) and who waits, in order. */
export async function queueOf(db: Executor, locationId: number, now: Date): Promise<QueueView> {
  return (await lineToday(db, locationId, now)).line;
}

/**
 * What a location's now-serving screens show: the numbers served (at which desk) and waiting,
 * never a visit or a name. Read for a screen that asks, and pushed to the open ones as it moves.
 */
export async function screenView(
  db: Executor,
  locationId: number,
  now: Date,
): Promise<QueueScreen> {
  const { location, line } = await lineToday(db, locationId, now);
  return {
    location,
    serving: line.serving.map(({ number, desk, line }) => ({ number, desk, line })),
    waiting: line.waiting.map(({ number }) => number),
    waitingLines: waitingByLine(line.waiting),
  };
}

/**
 * How many wait before the visit `me` names (a table or alias of the outer query) in its line, null
 * when it is not waiting: what its visitor's phone shows. An expression, so that the phone's read of
 * its visit is one statement (one connection from a busy pool, not two one after the other).
 */
export const placesAheadOf = (me: string, now: Date) => {
  const of = (column: string) => sql<number>`${sql.ref(`${me}.${column}`)}`;
  return sql<number | null>`(case when exists (select 1 from visits v
      join locations l on l.id = v.location_id
      where v.id = ${of("id")} and ${waitingToday(of("location_id"), now)})
    then (select count(*)::int from visits v join locations l on l.id = v.location_id
      where ${waitingToday(of("location_id"), now)}
        and v.queue_line is not distinct from ${of("queue_line")}
        and (coalesce(v.queue_place, 2147483647), v.queue_number)
          < (coalesce(${of("queue_place")}, 2147483647), ${of("queue_number")})) end)`;
};

/** How many wait before this visit in its line (null when it is not waiting). */
export async function placesAhead(db: Executor, visitId: number, now: Date) {
  const { rows } = await sql<{ ahead: number | null }>`
    select ${placesAheadOf("me", now)} as ahead from visits me where me.id = ${visitId}`.execute(
    db,
  );
  return rows[0]?.ahead ?? null;
}

/** 404 for a location that does not exist, or was archived. */
async function assertLiveLocation(db: Executor, locationId: number) {
  const { rows } = await sql`select 1 from locations
    where id = ${locationId} and archived_at is null`.execute(db);
  if (rows.length === 0) throw notFound("Location");
}

type Mark = "call" | "serve" | "no_show";

/** The audit row of a call or mark, written by the statement that made it. */
const markAudit = (actor: AuditActor, mark: Mark, details: Record<string, unknown>, now: Date) =>
  sql`insert into audit_log (${sql.join(auditColumns.map((column) => sql.ref(column)))})
    select ${sql.join(auditValues(actor, `visit.${mark}`, "visit", details, now))}, marked.id, marked.location_id
    from marked`;

/**
 * Calls the first who waits at the location (of one program, when given) to `desk`. Two staff
 * calling at once call two people: each statement takes the first waiting visit no other call
 * holds (SKIP LOCKED), and one that was called meanwhile is read again and passed over. 409 when
 * nobody waits.
 */
export async function callNext(
  db: Executor,
  locationId: number,
  desk: string,
  actor: AuditActor,
  now: Date,
  programId?: number,
): Promise<Visit> {
  const ofProgram = programId === undefined ? sql`true` : sql`v.program_id = ${programId}`;
  const { rows } = await sql<Visit>`
    with next as (
      select v.id from visits v join locations l on l.id = v.location_id
      where ${waitingToday(locationId, now)} and ${ofProgram}
      order by ${lineOrder} limit 1
      for update of v skip locked
    ), marked as (
      update visits set called_at = ${now}::timestamptz, called_to = ${desk}::text, updated_at = ${now}::timestamptz
      from next where visits.id = next.id and visits.called_at is null
      returning visits.*
    ), audit as (${markAudit(actor, "call", { desk }, now)})
    select * from marked`.execute(db);
  const [called] = rows;
  if (called) return called;
  await assertLiveLocation(db, locationId);
  throw new HttpError(409, say(queueMessages.nobodyWaiting));
}

/**
 * Calls one waiting visit to `desk`, or marks a called one served or not present: one UPDATE
 * that changes the visit only in the state the step follows, with its audit row. undefined when
 * the visit is not in that state.
 */
async function mark(
  db: Executor,
  visitId: number,
  step: Mark,
  desk: string | null,
  actor: AuditActor,
  now: Date,
): Promise<Visit | undefined> {
  const set =
    step === "call"
      ? sql`called_at = ${now}::timestamptz, called_to = ${desk}::text`
      : step === "serve"
        ? sql`served_at = ${now}::timestamptz`
        : sql`no_show_at = ${now}::timestamptz`;
  const state =
    step === "call"
      ? waitingToday(sql<number>`v.location_id`, now)
      : sql<boolean>`(${inLineToday(sql<number>`v.location_id`, now)} and v.called_at is not null)`;
  const { rows } = await sql<Visit>`
    with marked as (
      update visits v set ${set}, updated_at = ${now}::timestamptz
      from locations l
      where v.id = ${visitId} and l.id = v.location_id and ${state}
      returning v.*
    ), audit as (${markAudit(actor, step, step === "call" ? { desk } : {}, now)})
    select * from marked`.execute(db);
  return rows[0];
}

/** Calls a waiting visit to a desk; 409 when it is not waiting. */
export async function callVisit(
  db: Executor,
  visitId: number,
  desk: string,
  actor: AuditActor,
  now: Date,
) {
  const called = await mark(db, visitId, "call", desk, actor, now);
  if (!called) throw new HttpError(409, say(queueMessages.notWaiting));
  return called;
}

/** Marks a called visit served, or not present; 409 when it was not called (or is marked already). */
export async function markCalled(
  db: Executor,
  visitId: number,
  step: "serve" | "no_show",
  actor: AuditActor,
  now: Date,
) {
  const marked = await mark(db, visitId, step, null, actor, now);
  if (!marked) throw new HttpError(409, say(queueMessages.notCalled));
  return marked;
}

/**
 * Marks a visit served at `desk`, called or still waiting: the person stands at the desk with
 * their ticket. A waiting one is called to the desk first, in the same transaction, so its call
 * counts as any other (its wait, its audit row, visit.called); 409 when it neither waits nor was
 * called.
 */
export async function serveAtDesk(
  db: Executor,
  visitId: number,
  desk: string,
  actor: AuditActor,
  now: Date,
) {
  const steps = async (trx: Executor) => {
    // Nothing to call when someone called it meanwhile: it is served at their desk.
    await mark(trx, visitId, "call", desk, actor, now);
    return mark(trx, visitId, "serve", null, actor, now);
  };
  const served = db.isTransaction ? await steps(db) : await db.transaction().execute(steps);
  if (!served) throw new HttpError(409, say(queueMessages.notCalled));
  return served;
}

/** A lottery's draw as recorded. */
export interface Draw {
  locationId: number;
  seed: string;
  /** The visits drawn, ids ascending: with the seed, all drawOrder needs. */
  visitIds: number[];
  /** The order drawn. */
  order: number[];
}

/**
 * Draws every lottery that is due by `now`: at each location whose Queue is "lottery", once its
 * local LotteryAt has come today and no draw was made today, those who signed in before then and
 * still wait are put in the order of a new seed (drawOrder), recorded with the seed and audited.
 * The draw's row (one per location and day) makes it once, however many processes run it.
 */
export async function drawDueLotteries(db: Kysely<Database>, now: Date): Promise<Draw[]> {
  const { rows: due } = await sql<{ id: number; day: string; drawn_before: Date }>`
    select l.id, (${now}::timestamptz at time zone l.time_zone)::date::text as day,
      (date_trunc('day', ${now}::timestamptz at time zone l.time_zone) + l.lottery_at) at time zone l.time_zone as drawn_before
    from locations l
    where l.queue = 'lottery' and l.lottery_at is not null and l.archived_at is null
      and (${now}::timestamptz at time zone l.time_zone)::time >= l.lottery_at
      and not exists (select 1 from queue_draws d where d.location_id = l.id
        and d.day = (${now}::timestamptz at time zone l.time_zone)::date)`.execute(db);
  const draws: Draw[] = [];
  for (const location of due) {
    const draw = await db.transaction().execute(async (trx) => {
      const seed = newSeed();
      const { rows: claimed } = await sql`
        insert into queue_draws (location_id, day, seed, visit_ids, drawn_at)
        values (${location.id}, ${location.day}::date, ${seed}, '{}', ${now}::timestamptz)
        on conflict do nothing returning location_id`.execute(trx);
      if (claimed.length === 0) return undefined;
      const { rows } = await sql<{ id: number }>`
        select v.id from visits v join locations l on l.id = v.location_id
        where ${waitingToday(location.id, now)} and v.time_in < ${location.drawn_before}::timestamptz
        order by v.id`.execute(trx);
      const visitIds = rows.map((row) => row.id);
      const order = drawOrder(seed, visitIds);
      await sql`update visits set queue_place = drawn.place
        from unnest(${order}::int[]) with ordinality as drawn (id, place)
        where visits.id = drawn.id`.execute(trx);
      await sql`update queue_draws set visit_ids = ${visitIds}::int[]
        where location_id = ${location.id} and day = ${location.day}::date`.execute(trx);
      await sql`insert into audit_log (${sql.join(auditColumns.map((column) => sql.ref(column)))})
        select ${sql.join(
          auditValues(
            systemActor,
            "location.queue_draw",
            "location",
            { seed, count: visitIds.length },
            now,
          ),
        )}, ${location.id}::int, ${location.id}::int`.execute(trx);
      return { locationId: location.id, seed, visitIds, order };
    });
    if (draw) draws.push(draw);
  }
  return draws;
}

/** A now-serving screen's code: 96 random bits, base64url, as a door's. */
function newScreenCode(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

/** A new screen for a live location, audited. */
export async function createScreen(
  db: Executor,
  locationId: number,
  actor: AuditActor,
  now: Date,
): Promise<string> {
  const code = newScreenCode();
  const { rows } = await sql<{ code: string }>`
    with created as (
      insert into queue_screens (code, location_id, created_at)
      select ${code}, l.id, ${now}::timestamptz from locations l
      where l.id = ${locationId} and l.archived_at is null
      returning code, location_id
    ), audit as (
      insert into audit_log (${sql.join(auditColumns.map((column) => sql.ref(column)))})
      select ${sql.join(auditValues(actor, "location.screen", "location", {}, now))}, created.location_id, created.location_id
      from created
    )
    select code from created`.execute(db);
  if (!rows[0]) throw notFound("Location");
  return code;
}

/** A live location's now-serving screens, newest first. */
export async function listScreens(db: Executor, locationId: number) {
  await assertLiveLocation(db, locationId);
  return db
    .selectFrom("queue_screens")
    .select(["code", "created_at"])
    .where("location_id", "=", locationId)
    .orderBy("created_at", "desc")
    .orderBy("code")
    .execute();
}

/**
 * Revokes one of the location's screens, audited: its code is forgotten, so its page and its
 * live stream answer 404 from then on. 404 for a code that is not the location's.
 */
export async function revokeScreen(
  db: Executor,
  locationId: number,
  code: string,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const { rows } = await sql`
    with revoked as (
      delete from queue_screens where code = ${code} and location_id = ${locationId}
      returning location_id
    ), audit as (
      insert into audit_log (${sql.join(auditColumns.map((column) => sql.ref(column)))})
      select ${sql.join(auditValues(actor, "location.screen_revoke", "location", {}, now))}, revoked.location_id, revoked.location_id
      from revoked
    )
    select 1 from revoked`.execute(db);
  if (rows.length === 0) throw notFound("Screen");
}

/** The live location a screen's code shows; 404 for an unknown code or an archived location. */
export async function screenLocation(db: Executor, code: string) {
  const row = await db
    .selectFrom("queue_screens")
    .innerJoin("locations", "locations.id", "queue_screens.location_id")
    .select(["locations.id", "locations.name"])
    .where("queue_screens.code", "=", code)
    .where("locations.archived_at", "is", null)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, say(queueMessages.unknownScreen));
  return { id: row.id, Name: row.name };
}

/**
 * The location whose line a screen (by its code) or a visitor's phone (by its visit's secret, its
 * hash) may watch live, and the phone's visit; 404 for an unknown one.
 */
export async function queueWatchLocation(
  db: Executor,
  by: { screenCode: string } | { visitTokenHash: string },
): Promise<{ locationId: number; visitId: number | undefined }> {
  if ("screenCode" in by)
    return { locationId: (await screenLocation(db, by.screenCode)).id, visitId: undefined };
  const row = await db
    .selectFrom("door_visits")
    .innerJoin("visits", "visits.id", "door_visits.visit_id")
    .select(["visits.location_id", "visits.id"])
    .where("door_visits.token_hash", "=", by.visitTokenHash)
    .executeTakeFirst();
  if (!row) throw notFound("Visit");
  return { locationId: row.location_id, visitId: row.id };
}

/** A live location's waits (queueWaitRows); 404 for one that does not exist or was archived. */
export async function queueWaits(db: Executor, input: QueueWaitsInput) {
  await assertLiveLocation(db, input.id);
  return queueWaitRows(db, input);
}

/**
 * How long a location's numbered visitors waited, from sign-in to call, per local day and
 * program: the line's figures for the reports (an archived location's too).
 */
export async function queueWaitRows(db: Executor, input: QueueWaitsInput) {
  const { rows } = await sql<{
    day: string;
    program_id: number;
    name: string;
    name_es: string | null;
    numbered: number;
    called: number;
    average: number | null;
    median: number | null;
    p90: number | null;
    longest: number | null;
  }>`
    select (v.time_in at time zone l.time_zone)::date::text as day, v.program_id, p.name, p.name_es,
      count(*)::int as numbered, count(v.called_at)::int as called,
      round((avg(w.seconds) / 60)::numeric, 1)::float8 as average,
      round((percentile_cont(0.5) within group (order by w.seconds) / 60)::numeric, 1)::float8 as median,
      round((percentile_cont(0.9) within group (order by w.seconds) / 60)::numeric, 1)::float8 as p90,
      round((max(w.seconds) / 60)::numeric, 1)::float8 as longest
    from visits v
    cross join lateral (select extract(epoch from v.called_at - v.time_in)::float8 as seconds) w
    join locations l on l.id = v.location_id
    join programs p on p.id = v.program_id
    where v.location_id = ${input.id} and v.queue_number is not null
      and v.time_in >= ${input.from}::date::timestamp at time zone l.time_zone
      and v.time_in < (${input.to}::date + 1)::timestamp at time zone l.time_zone
    group by 1, 2, 3, 4
    order by 1, 3, 2`.execute(db);
  return rows.map((row) => ({
    day: row.day,
    Program: { id: row.program_id, Name: row.name, NameEs: row.name_es },
    numbered: row.numbered,
    called: row.called,
    averageWaitMinutes: row.average,
    medianWaitMinutes: row.median,
    p90WaitMinutes: row.p90,
    longestWaitMinutes: row.longest,
  }));
}
