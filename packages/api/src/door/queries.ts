import { sql, type Kysely } from "kysely";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Database, Executor } from "@vsi/db";
import { lockLiveLocation } from "../catalog/queries.ts";
import { forbidden, gone, HttpError, notFound } from "../kernel/errors.ts";
import { doorMessages, say } from "../kernel/messages.ts";
import { auditColumns, auditValues, type AuditActor } from "../kernel/audit.ts";
import { toDoorVisit, type DoorVisitRow } from "./mappers.ts";
import { placesAheadOf } from "../queue/queries.ts";

/** 96 random bits, base64url: a poster's code is public, but no one can guess another's. */
export function newDoorCode(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

/**
 * The one check of a door, as a statement's `door` (visits/queries.ts withWriter): the location
 * of a current code, live and letting visitors sign themselves in; no row for any other code (or none).
 */
export function openDoor(db: Kysely<Database>, code: string | null) {
  return db
    .selectFrom("door_codes")
    .innerJoin("locations", "locations.id", "door_codes.location_id")
    .select("door_codes.location_id")
    .where("door_codes.code", "=", sql<string>`${code}::text`)
    .where("door_codes.replaced_at", "is", null)
    .where("locations.self_sign_in", "=", true)
    .where("locations.archived_at", "is", null);
}

/** A door code's location, or why it signs no one in: 404 unknown, 410 replaced, 403 switched off or archived. */
export async function doorLocation(db: Executor, code: string): Promise<number> {
  const door = await db
    .selectFrom("door_codes")
    .innerJoin("locations", "locations.id", "door_codes.location_id")
    .select([
      "door_codes.location_id",
      "door_codes.replaced_at",
      "locations.self_sign_in",
      "locations.archived_at",
    ])
    .where("door_codes.code", "=", code)
    .executeTakeFirst();
  if (!door) throw new HttpError(404, say(doorMessages.unknown));
  if (door.replaced_at !== null) throw gone(say(doorMessages.replaced));
  if (!door.self_sign_in || door.archived_at !== null)
    throw forbidden(say(doorMessages.switchedOff));
  return door.location_id;
}

/** The location's current code, if it has one. */
export async function currentDoorCode(db: Executor, locationId: number) {
  const row = await db
    .selectFrom("door_codes")
    .select("code")
    .where("location_id", "=", locationId)
    .where("replaced_at", "is", null)
    .executeTakeFirst();
  return row?.code;
}

/**
 * A new code for the location; the current one is kept as replaced, so its posters say they are
 * out of date. The location's row is locked, so two at once leave one current code.
 */
export async function replaceDoorCode(
  db: Kysely<Database>,
  locationId: number,
  now: Date,
  actor: AuditActor,
): Promise<string> {
  const code = newDoorCode();
  await db.transaction().execute(async (trx) => {
    await lockLiveLocation(trx, locationId);
    await trx
      .updateTable("door_codes")
      .set({ replaced_at: now })
      .where("location_id", "=", locationId)
      .where("replaced_at", "is", null)
      .execute();
    await trx
      .with("created", (qc) =>
        qc
          .insertInto("door_codes")
          .values({ code, location_id: locationId, created_at: now })
          .returning("location_id"),
      )
      .insertInto("audit_log")
      .columns(auditColumns)
      .expression((eb) =>
        eb
          .selectFrom("created")
          .select([
            ...auditValues(actor, "location.door_code", "location", {}, now),
            "created.location_id as subject_id",
            "created.location_id",
          ]),
      )
      .execute();
  });
  return code;
}

/** The visit a phone's secret (its hash) keeps. */
export async function doorVisitId(db: Executor, tokenHash: string): Promise<number> {
  const row = await db
    .selectFrom("door_visits")
    .select("visit_id")
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) throw notFound("Visit");
  return row.visit_id;
}

/**
 * What a phone's earlier secret (its hash; null when it sent none) proves of a number: `proven`
 * when it is the secret of a proven visit with this number, so the phone is the visitor's;
 * `new` when the number has no proven visit anywhere (nothing of anyone's to read or replace);
 * else `unproven`: the phone may be anyone's who read the poster.
 */
export async function phoneProof(
  db: Executor,
  phoneNumber: string,
  proofHash: string | null,
): Promise<"proven" | "new" | "unproven"> {
  // By the number itself: a visit erased (retention, a visitor forgotten) proves nothing any more.
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom("door_visits")
            .innerJoin("visits", "visits.id", "door_visits.visit_id")
            .select(sql<number>`1`.as("one"))
            .where("door_visits.token_hash", "=", sql<string>`${proofHash}::text`)
            .where("visits.phone_number", "=", phoneNumber)
            .where("visits.unproven", "=", false),
        )
        .as("proven"),
      eb
        .exists(
          eb
            .selectFrom("visits")
            .select(sql<number>`1`.as("one"))
            .where("visits.phone_number", "=", phoneNumber)
            .where("visits.unproven", "=", false),
        )
        .as("known"),
    ])
    .executeTakeFirstOrThrow();
  return row.proven ? "proven" : row.known ? "unproven" : "new";
}

/** A location's first code, when its door opens without one (in the caller's transaction). */
export async function ensureDoorCode(db: Executor, locationId: number, now: Date): Promise<void> {
  await db
    .insertInto("door_codes")
    .values({ code: newDoorCode(), location_id: locationId, created_at: now })
    .onConflict((oc) => oc.column("location_id").where("replaced_at", "is", null).doNothing())
    .execute();
}

/** A visit with what its phone shows of its location and program. */
export async function doorVisitRow(
  db: Executor,
  visitId: number,
  now: Date,
): Promise<DoorVisitRow> {
  const row = await db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("programs", "programs.id", "visits.program_id")
    .selectAll("visits")
    .select([
      "locations.name as location_name",
      "locations.time_zone as location_time_zone",
      "programs.name as program_name",
      "programs.name_es as program_name_es",
      sql<boolean>`exists (select 1 from location_programs lp
        join programs lined on lined.id = lp.program_id
        where lp.location_id = visits.location_id and lined.own_queue and lined.archived_at is null)`.as(
        "several_lines",
      ),
      placesAheadOf("visits", now).as("places_ahead"),
    ])
    .where("visits.id", "=", visitId)
    .executeTakeFirst();
  if (!row) throw notFound("Visit");
  const { visitor_key: _, ...visit } = row;
  return visit;
}

/** A visit as its phone sees it (GET /api/door/visits/{visitToken}), for the phone's live stream. */
export async function doorVisitView(db: Executor, visitId: number, now: Date) {
  return toDoorVisit(await doorVisitRow(db, visitId, now));
}
