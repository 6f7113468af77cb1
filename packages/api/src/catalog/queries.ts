import type { Database, Executor } from "@vsi/db";
import type { Kysely } from "kysely";
import { invalid, notFound } from "../kernel/errors.ts";
import { catalogMessages, say } from "../kernel/messages.ts";
import { fileUrl } from "../assets/urls.ts";
import { toLocationRef, toProgramRef } from "./mappers.ts";
import { toLocationLabels } from "../labels/mappers.ts";
import { recordAudit, type AuditActor } from "../kernel/audit.ts";
import { anyOf } from "../kernel/any-of.ts";
import { ownedAt } from "../kernel/owned-rows.ts";

/**
 * Locks a location that is not archived until the transaction ends (404 otherwise): what is made
 * for it in that transaction cannot race another change of it, nor its archiving.
 */
export async function lockLiveLocation(trx: Executor, locationId: number): Promise<void> {
  const location = await trx
    .selectFrom("locations")
    .select("id")
    .where("id", "=", locationId)
    .where("archived_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
  if (!location) throw notFound("Location");
}

/** Locations with their programs in tab order; archived ones are history only, never listed. */
export async function listLocations(db: Executor, ids?: number[]) {
  let query = db
    .selectFrom("locations")
    .leftJoin("files", "files.id", "locations.logo_file_id")
    .leftJoin("location_labels", "location_labels.location_id", "locations.id")
    .selectAll("locations")
    .select([
      "files.key as logo_key",
      "location_labels.size as label_size",
      "location_labels.printer_kind",
      "location_labels.printer_host",
      "location_labels.printer_port",
    ])
    .where("locations.archived_at", "is", null)
    .orderBy("locations.name")
    .orderBy("locations.id");
  if (ids) query = query.where("locations.id", "in", ids.length ? ids : [0]);
  const locations = await query.execute();
  if (!locations.length) return [];
  const links = await db
    .selectFrom("location_programs")
    .innerJoin("programs", "programs.id", "location_programs.program_id")
    .selectAll("programs")
    .select("location_programs.location_id")
    .where(
      "location_programs.location_id",
      "in",
      locations.map((l) => l.id),
    )
    .where("programs.archived_at", "is", null)
    .orderBy("location_programs.position")
    .orderBy("programs.id")
    .execute();
  return locations.map(
    ({ logo_key, label_size, printer_kind, printer_host, printer_port, ...location }) => ({
      ...toLocationRef(location),
      LogoUrl: logo_key ? fileUrl(logo_key) : null,
      Programs: links.filter((link) => link.location_id === location.id).map(toProgramRef),
      ...toLocationLabels({ label_size, printer_kind, printer_host, printer_port }),
    }),
  );
}

export async function getLocation(db: Executor, id: number) {
  const [location] = await listLocations(db, [id]);
  if (!location) throw notFound("Location");
  return location;
}

/**
 * Live programs with their live locations; with `held` (the caller's locations, when they hold only
 * some) the network's and those locations' own, each with those of its locations alone.
 */
export async function listPrograms(db: Executor, ids?: number[], held?: readonly number[]) {
  let query = db
    .selectFrom("programs")
    .selectAll()
    .where("archived_at", "is", null)
    .orderBy("name")
    .orderBy("id");
  if (ids) query = query.where("id", "in", ids.length ? ids : [0]);
  if (held) query = query.where(ownedAt("location_id", held));
  const programs = await query.execute();
  if (!programs.length) return [];
  const links = await db
    .selectFrom("location_programs")
    .innerJoin("locations", "locations.id", "location_programs.location_id")
    .selectAll("locations")
    .select("location_programs.program_id")
    .where(
      "location_programs.program_id",
      "in",
      programs.map((p) => p.id),
    )
    .where("locations.archived_at", "is", null)
    .$if(held !== undefined, (qb) => qb.where("locations.id", "=", anyOf(held!)))
    .orderBy("locations.name")
    .execute();
  return programs.map((program) => ({
    ...toProgramRef(program),
    Locations: links.filter((link) => link.program_id === program.id).map(toLocationRef),
  }));
}

/** Whose a live program is: its own location's, or the network's (null); 404 when there is none. */
export async function programOwner(db: Executor, id: number): Promise<number | null> {
  const row = await db
    .selectFrom("programs")
    .select("location_id")
    .where("id", "=", id)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound("Program");
  return row.location_id;
}

export async function getProgram(db: Executor, id: number, held?: readonly number[]) {
  const [program] = await listPrograms(db, [id], held);
  if (!program) throw notFound("Program");
  return program;
}

/**
 * The ids that name live rows, in the order given, without repeats: unknown ids are dropped. With
 * `offeredAt`, programs that location may offer: the network's and its own (another's own is
 * dropped as unknown).
 */
export async function existingIds(
  db: Executor,
  table: "locations" | "programs",
  ids: number[],
  offeredAt?: number,
): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  let query = db
    .selectFrom(table)
    .select("id")
    .where("id", "in", unique)
    .where("archived_at", "is", null);
  if (offeredAt !== undefined) query = query.where(ownedAt("location_id", offeredAt));
  const rows = await query.execute();
  const known = new Set(rows.map((r) => r.id));
  return unique.filter((id) => known.has(id));
}

/**
 * The ids as existingIds gives them (`offeredAt` as there), when each names a live row; else a 422
 * at the first that does not, by its place in the list (`ProgramIds.1`). For a list where no id
 * has a meaning of its own.
 */
export async function knownIds(
  db: Executor,
  table: "locations" | "programs",
  ids: number[],
  field: string,
  offeredAt?: number | null,
): Promise<number[]> {
  const known = await existingIds(db, table, ids, offeredAt ?? undefined);
  const found = new Set(known);
  const index = ids.findIndex((id) => !found.has(id));
  if (index !== -1)
    throw invalid(
      `${field}.${index}`,
      say(table === "locations" ? catalogMessages.noSuchLocation : catalogMessages.noSuchProgram),
    );
  return known;
}

/**
 * Deletes a location or program, or archives it when visits point to it: what visitors signed
 * stays in reports and CSV, while lists and tablets no longer show it. The audit row keeps its
 * name, as a deleted one can no longer be looked up.
 */
export async function deleteOrArchive(
  db: Kysely<Database>,
  table: "locations" | "programs",
  id: number,
  now: Date,
  actor: AuditActor,
): Promise<void> {
  const column = table === "locations" ? "location_id" : "program_id";
  await db.transaction().execute(async (trx) => {
    const used = await trx
      .selectFrom("visits")
      .select("id")
      .where(column, "=", id)
      .limit(1)
      .executeTakeFirst();
    const row = await trx.selectFrom(table).select("name").where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound(table === "locations" ? "Location" : "Program");
    const record =
      table === "locations"
        ? ({ action: "location.delete", subjectType: "location", locationId: id } as const)
        : ({ action: "program.delete", subjectType: "program" } as const);
    await recordAudit(
      trx,
      actor,
      { ...record, subjectId: id, details: { name: row.name, archived: Boolean(used) } },
      now,
    );
    if (used) {
      await trx
        .updateTable(table)
        .set({ archived_at: now, updated_at: now })
        .where("id", "=", id)
        .execute();
      await trx.deleteFrom("location_programs").where(column, "=", id).execute();
      if (table === "locations")
        await trx
          .updateTable("tablets")
          .set({ revoked_at: now })
          .where("location_id", "=", id)
          .where("revoked_at", "is", null)
          .execute();
    } else {
      await trx.deleteFrom(table).where("id", "=", id).execute();
    }
  });
}

export async function assertLive(
  db: Executor,
  table: "locations" | "programs",
  id: number,
): Promise<void> {
  const row = await db
    .selectFrom(table)
    .select("id")
    .where("id", "=", id)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  if (!row) throw notFound(table === "locations" ? "Location" : "Program");
}
