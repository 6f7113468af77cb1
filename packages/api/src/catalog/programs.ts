import { sql, type Kysely } from "kysely";
import type { Database, Transaction } from "@vsi/db";
import type { ProgramChanges, ProgramInput } from "./programs-schema.ts";
import { changedFields, recordAudit, type AuditActor } from "../kernel/audit.ts";
import { existingIds, getProgram } from "./queries.ts";
import { invalid } from "../kernel/errors.ts";
import { catalogMessages, said, say } from "../kernel/messages.ts";

/**
 * LocationIds replaces the locations that offer the program. A newly added location gets the
 * program as its last tab; locations that keep it keep their order.
 */
async function setProgramLocations(
  trx: Transaction<Database>,
  programId: number,
  locationIds: number[],
) {
  const ids = await offeringIds(trx, programId, locationIds);
  // A location's last position is read and written under its row lock, so parallel edits adding
  // programs to one location queue up instead of taking the same tab (unique in the table too).
  // Locked in id order, so two edits sharing locations cannot deadlock.
  if (ids.length)
    await trx
      .selectFrom("locations")
      .select("id")
      .where("id", "in", ids)
      .orderBy("id")
      .forUpdate()
      .execute();
  let removal = trx.deleteFrom("location_programs").where("program_id", "=", programId);
  if (ids.length) removal = removal.where("location_id", "not in", ids);
  await removal.execute();
  for (const locationId of ids) {
    await trx
      .insertInto("location_programs")
      .columns(["location_id", "program_id", "position"])
      .expression(
        trx
          .selectFrom("location_programs")
          .select([
            sql<number>`${locationId}::int`.as("location_id"),
            sql<number>`${programId}::int`.as("program_id"),
            sql<number>`coalesce(max(position) + 1, 0)`.as("position"),
          ])
          .where("location_id", "=", locationId),
      )
      .onConflict((oc) => oc.columns(["location_id", "program_id"]).doNothing())
      .execute();
  }
}

/** The live locations that may offer the program: any for the network's, its own location for one's own. */
async function offeringIds(trx: Transaction<Database>, programId: number, locationIds: number[]) {
  const owner = await trx
    .selectFrom("programs")
    .select("location_id")
    .where("id", "=", programId)
    .executeTakeFirstOrThrow();
  const ids = await existingIds(trx, "locations", locationIds);
  return owner.location_id === null ? ids : ids.filter((id) => id === owner.location_id);
}

/**
 * Two live programs never share a name (whatever its letters' case): a tab, a report filter or
 * a funder's line would not say which is which. Programs are locked against other writers until
 * the transaction ends, so two admins saving one name at once cannot both pass; reads and
 * sign-ins go on. An archived program's name is free again.
 */
async function assertProgramNameFree(trx: Transaction<Database>, name: string, id?: number) {
  await sql`lock table programs in share row exclusive mode`.execute(trx);
  const taken = await trx
    .selectFrom("programs")
    .select("name")
    .where(sql<boolean>`lower(name) = lower(${name})`)
    .where("archived_at", "is", null)
    .$if(id !== undefined, (qb) => qb.where("id", "<>", id!))
    .executeTakeFirst();
  if (taken) throw invalid("Name", said(catalogMessages.programNameTaken, { name: taken.name }));
}

/** Creates a program at its locations, and records who did; returns its id. */
export async function createProgram(
  db: Kysely<Database>,
  input: ProgramInput,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await assertProgramNameFree(trx, input.Name);
    if (
      input.LocationId !== null &&
      !(await existingIds(trx, "locations", [input.LocationId])).length
    )
      throw invalid("LocationId", say(catalogMessages.noSuchLocation));
    const row = await trx
      .insertInto("programs")
      .values({
        name: input.Name,
        name_es: input.NameEs ?? null,
        signs_in_household: input.SignsInHousehold,
        asks_signature: input.AsksSignature,
        own_queue: input.OwnQueue,
        visit_limit: input.VisitLimit && JSON.stringify(input.VisitLimit),
        location_id: input.LocationId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A location's own program is offered there from the start.
    await setProgramLocations(
      trx,
      row.id,
      input.LocationId === null ? input.LocationIds : [input.LocationId],
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "program.create",
        subjectType: "program",
        subjectId: row.id,
        details: { name: input.Name },
        ...(input.LocationId === null ? {} : { locationId: input.LocationId }),
      },
      now,
    );
    return row.id;
  });
}

/** Updates a live program; a field left out stays as it is. The audit row names the fields that changed. */
export async function updateProgram(
  db: Kysely<Database>,
  id: number,
  changes: ProgramChanges,
  now: Date,
  actor: AuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getProgram(trx, id);
    if (changes.Name !== undefined) await assertProgramNameFree(trx, changes.Name, id);
    await trx
      .updateTable("programs")
      // Kysely leaves undefined values out of the UPDATE: a name not sent stays.
      .set({
        name: changes.Name,
        name_es: changes.NameEs,
        signs_in_household: changes.SignsInHousehold,
        asks_signature: changes.AsksSignature,
        own_queue: changes.OwnQueue,
        visit_limit:
          changes.VisitLimit === undefined
            ? undefined
            : changes.VisitLimit && JSON.stringify(changes.VisitLimit),
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    if (changes.LocationIds !== undefined) await setProgramLocations(trx, id, changes.LocationIds);
    // Its locations as a set: their order is each location's, not the program's.
    const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
    const locationIds =
      changes.LocationIds === undefined
        ? undefined
        : sorted(await offeringIds(trx, id, changes.LocationIds));
    const fields = changedFields([
      ["Name", before.Name, changes.Name],
      ["NameEs", before.NameEs, changes.NameEs],
      ["SignsInHousehold", before.SignsInHousehold, changes.SignsInHousehold],
      ["AsksSignature", before.AsksSignature, changes.AsksSignature],
      ["OwnQueue", before.OwnQueue, changes.OwnQueue],
      [
        "VisitLimit",
        JSON.stringify(before.VisitLimit),
        changes.VisitLimit === undefined ? undefined : JSON.stringify(changes.VisitLimit),
      ],
      ["LocationIds", sorted(before.Locations.map((location) => location.id)), locationIds],
    ]);
    const name = changes.Name ?? before.Name;
    if (fields.length)
      await recordAudit(
        trx,
        actor,
        {
          action: "program.update",
          subjectType: "program",
          subjectId: id,
          details: { name, fields },
          ...(before.LocationId === null ? {} : { locationId: before.LocationId }),
        },
        now,
      );
  });
}
