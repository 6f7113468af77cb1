import { sql, type Kysely } from "kysely";
import type { Database, Executor } from "@vsi/db";
import { lockLiveLocation } from "../catalog/queries.ts";
import { conflict, HttpError, notFound } from "../kernel/errors.ts";
import { recordAudit, type AuditActor } from "../kernel/audit.ts";
import { visitorKeyOf } from "../visits/queries.ts";
import type { RollCallMarkRow, RollCallPersonRow, RollCallRow } from "./mappers.ts";
import { say, rollCallMessages } from "../kernel/messages.ts";
import { anyOf } from "../kernel/any-of.ts";

const staffName = sql<string>`users.first_name || ' ' || users.last_name`;

/** A roll call that has ended takes no more marks nor people: its record is kept as it ended. */
const endedMessage = say(rollCallMessages.rollCallEnded);

/**
 * Starts a roll call at a live location: everyone signed in there now, frozen, grouped by program.
 * The location's row is locked, so two starts at once make one; the second hears 409 with the
 * open roll call's id, as does any start while one is open.
 */
export async function startRollCall(
  db: Kysely<Database>,
  locationId: number,
  drill: boolean,
  now: Date,
  userId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockLiveLocation(trx, locationId);
    const open = await trx
      .selectFrom("roll_calls")
      .select("id")
      .where("location_id", "=", locationId)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    if (open) throw conflict(say(rollCallMessages.rollCallOpen), { rollCallId: open.id });
    const { id } = await trx
      .insertInto("roll_calls")
      .values({ location_id: locationId, drill, started_at: now, started_by: userId })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A party is everyone in it: the visitor, each member of their household who came (by name;
    // the visitor's own member, found by the phone, once), and anyone else as the visitor's guest
    // ("Rosa Delgado +1"), so the roll call counts the people the sheet counts.
    const people = await trx
      .insertInto("roll_call_people")
      .columns(["roll_call_id", "visit_id", "name", "program"])
      .expression(
        sql`select ${id}::int, v.id, person.name, p.name
          from visits v
          join programs p on p.id = v.program_id
          cross join lateral (
            select coalesce(array_agg(trim(m.first_name || ' ' || m.last_name) order by m.id),
                '{}') as names
              from household_members m
              where m.id = any(v.household_member_ids)
                and m.phone_number is distinct from v.phone_number
          ) came
          cross join lateral (
            select trim(v.first_name || ' ' || v.last_name) as name
            union all
            select unnest(came.names)
            union all
            select trim(v.first_name || ' ' || v.last_name) || ' +' || guest
              from generate_series(1, v.party_size - 1 - cardinality(came.names)) guest
          ) person
          where v.location_id = ${locationId} and v.time_out is null`,
      )
      .executeTakeFirst();
    await recordAudit(
      trx,
      { kind: "user", userId },
      {
        action: "roll_call.start",
        subjectType: "roll_call",
        subjectId: id,
        locationId,
        details: { drill, people: Number(people.numInsertedOrUpdatedRows ?? 0) },
      },
      now,
    );
    return id;
  });
}

/** A roll call with its counts and who started and ended it. */
function rollCallRows(db: Executor) {
  return db
    .selectFrom("roll_calls")
    .innerJoin("locations", "locations.id", "roll_calls.location_id")
    .leftJoin("users as starter", "starter.id", "roll_calls.started_by")
    .leftJoin("users as ender", "ender.id", "roll_calls.ended_by")
    .selectAll("roll_calls")
    .select([
      "locations.name as location_name",
      sql<string | null>`starter.first_name || ' ' || starter.last_name`.as("started_by_name"),
      sql<string | null>`ender.first_name || ' ' || ender.last_name`.as("ended_by_name"),
      (eb) =>
        eb
          .selectFrom("roll_call_states")
          .select(sql<number>`count(*) filter (where safe)::int`.as("n"))
          .whereRef("roll_call_states.roll_call_id", "=", "roll_calls.id")
          .as("accounted"),
      (eb) =>
        eb
          .selectFrom("roll_call_states")
          .select(sql<number>`count(*) filter (where not safe)::int`.as("n"))
          .whereRef("roll_call_states.roll_call_id", "=", "roll_calls.id")
          .as("missing"),
    ]);
}

/** Newest first; one location's when named, these locations' when `locationIds` are given. */
export async function listRollCalls(
  db: Executor,
  place: { locationId?: number | undefined; locationIds?: readonly number[] | undefined },
): Promise<RollCallRow[]> {
  let query = rollCallRows(db);
  if (place.locationId !== undefined)
    query = query.where("roll_calls.location_id", "=", place.locationId);
  if (place.locationIds !== undefined)
    query = query.where("roll_calls.location_id", "=", anyOf(place.locationIds));
  return query.orderBy("roll_calls.started_at", "desc").orderBy("roll_calls.id", "desc").execute();
}

/** A roll call's location; undefined when there is no such roll call. */
export async function rollCallLocation(db: Executor, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("roll_calls")
    .select("location_id")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.location_id;
}

export async function findRollCall(
  db: Executor,
  id: number,
): Promise<{ rollCall: RollCallRow; people: RollCallPersonRow[]; marks: RollCallMarkRow[] }> {
  const rollCall = await rollCallRows(db).where("roll_calls.id", "=", id).executeTakeFirst();
  if (!rollCall) throw notFound("Roll call");
  const [people, marks] = await Promise.all([
    db
      .selectFrom("roll_call_states")
      .leftJoin("users", "users.id", "roll_call_states.marked_by")
      .selectAll("roll_call_states")
      .select(staffName.as("marked_by_name"))
      .where("roll_call_states.roll_call_id", "=", id)
      // Programs in order, added people last, then by name: the list a coordinator reads out.
      .orderBy(sql`roll_call_states.program is null`)
      .orderBy("roll_call_states.program")
      .orderBy("roll_call_states.name")
      .orderBy("roll_call_states.id")
      .execute(),
    db
      .selectFrom("roll_call_marks")
      .leftJoin("users", "users.id", "roll_call_marks.marked_by")
      .selectAll("roll_call_marks")
      .select(staffName.as("marked_by_name"))
      .where("roll_call_marks.roll_call_id", "=", id)
      .orderBy("roll_call_marks.marked_at")
      .orderBy("roll_call_marks.id")
      .execute(),
  ]);
  return { rollCall, people, marks };
}

/**
 * The roll call's row, locked while a change to it is made (so it cannot end meanwhile); 404, or
 * 409 once it has ended before `madeAt`: a change made at or before its end (a mark queued
 * offline) is still taken.
 */
async function openRollCall(trx: Executor, id: number, madeAt?: Date) {
  const row = await trx
    .selectFrom("roll_calls")
    .select(["id", "ended_at"])
    .where("id", "=", id)
    .forShare()
    .executeTakeFirst();
  if (!row) throw notFound("Roll call");
  if (row.ended_at !== null && (madeAt === undefined || madeAt > row.ended_at))
    throw new HttpError(409, endedMessage);
}

/**
 * Marks a person safe or not, keeping the mark. The person's row is locked, so marks at the same
 * moment from two devices are made one after the other. A mark that changes nothing (already so)
 * is not kept, so the same mark made twice is one and the first keeps its time and author; nor is
 * a mark made before the person's latest one (queued offline while someone else marked), so the
 * kept marks alternate safe, undo, safe... in time, and the latest is the person's state. A mark
 * made at or before the roll call's end is taken even after it (queued offline); one made after
 * is refused. Each keeps when it was made and when it arrived.
 */
export async function markPerson(
  db: Kysely<Database>,
  mark: {
    rollCallId: number;
    personId: number;
    safe: boolean;
    markedAt: Date;
    receivedAt: Date;
    userId: number;
    device: string | null;
  },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await openRollCall(trx, mark.rollCallId, mark.markedAt);
    const person = await trx
      .selectFrom("roll_call_people")
      .select("id")
      .where("id", "=", mark.personId)
      .where("roll_call_id", "=", mark.rollCallId)
      .forUpdate()
      .executeTakeFirst();
    if (!person) throw notFound("Person");
    // Read once the lock is held: a mark made meanwhile by another device is seen.
    const state = await trx
      .selectFrom("roll_call_states")
      .select(["safe", "marked_at"])
      .where("id", "=", mark.personId)
      .executeTakeFirstOrThrow();
    if (state.safe === mark.safe) return;
    if (state.marked_at !== null && mark.markedAt < state.marked_at) return;
    await trx
      .insertInto("roll_call_marks")
      .values({
        roll_call_id: mark.rollCallId,
        person_id: mark.personId,
        safe: mark.safe,
        marked_at: mark.markedAt,
        received_at: mark.receivedAt,
        marked_by: mark.userId,
        device: mark.device,
      })
      .execute();
  });
}

/** Someone who was not signed in, added to an open roll call (not yet marked). */
export async function addPerson(
  db: Kysely<Database>,
  rollCallId: number,
  name: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await openRollCall(trx, rollCallId);
    const { id } = await trx
      .insertInto("roll_call_people")
      .values({ roll_call_id: rollCallId, name })
      .returning("id")
      .executeTakeFirstOrThrow();
    return id;
  });
}

/** Ends an open roll call; its counts go to the audit log, never its names. */
export async function endRollCall(
  db: Kysely<Database>,
  id: number,
  now: Date,
  actor: AuditActor & { kind: "user" },
): Promise<{ accounted: number; missing: number }> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable("roll_calls")
      .set({ ended_at: now, ended_by: actor.userId })
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .returning(["location_id", "drill"])
      .executeTakeFirst();
    if (!ended) {
      await openRollCall(trx, id);
      throw new HttpError(409, endedMessage);
    }
    const counts = await trx
      .selectFrom("roll_call_states")
      .select([
        sql<number>`count(*) filter (where safe)::int`.as("accounted"),
        sql<number>`count(*) filter (where not safe)::int`.as("missing"),
      ])
      .where("roll_call_id", "=", id)
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      {
        action: "roll_call.end",
        subjectType: "roll_call",
        subjectId: id,
        locationId: ended.location_id,
        details: { drill: ended.drill, accounted: counts.accounted, missing: counts.missing },
      },
      now,
    );
    return counts;
  });
}

/** The open roll call at a location, if any: what a tablet's banner asks. */
export async function openRollCallAt(db: Executor, locationId: number) {
  const row = await db
    .selectFrom("roll_calls")
    .select("id")
    .where("location_id", "=", locationId)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Roll-call names go with visitors' other details: those of roll calls ended and begun before the cutoff. */
export async function eraseRollCallNamesBefore(
  trx: Executor,
  before: Date,
  now: Date,
): Promise<number> {
  const result = await trx
    .updateTable("roll_call_people")
    .set({ name: "", erased_at: now })
    .where("erased_at", "is", null)
    .where("roll_call_id", "in", (eb) =>
      eb
        .selectFrom("roll_calls")
        .select("id")
        .where("started_at", "<", before)
        .where("ended_at", "is not", null),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A forgotten person's name on every roll call their visits (by their phone's key) put them on. */
export async function eraseRollCallNamesOf(
  trx: Executor,
  phoneNumber: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable("roll_call_people")
    .set({ name: "", erased_at: now })
    .where("visit_id", "in", (eb) =>
      eb.selectFrom("visits").select("id").where("visitor_key", "=", visitorKeyOf(phoneNumber)),
    )
    .execute();
}
