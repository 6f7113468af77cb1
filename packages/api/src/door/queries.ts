import { sql, type Kysely } from "kysely";
import type { Database, Executor } from "@vsi/db";
import { lockLiveLocation } from "../catalog/queries.ts";
import { newDoorCode } from "../catalog/door-codes.ts";
import { notFound } from "../kernel/errors.ts";
import { auditColumns, auditValues, type AuditActor } from "../kernel/audit.ts";
import { toDoorVisit, type DoorVisitRow } from "./mappers.ts";
import { placesAheadOf } from "../queue/queries.ts";

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
