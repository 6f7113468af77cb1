import type { Database, Executor, Kysely, ReportPreset } from "@vsi/db";
import type { AuditActor } from "../kernel/audit.ts";
import { recordAudit } from "../kernel/audit.ts";
import { invalid, isUniqueViolation, notFound } from "../kernel/errors.ts";
import { iso } from "../kernel/iso-time.ts";
import { say, reportMessages } from "../kernel/messages.ts";
import type { PresetShape, PresetUpdate } from "./presets-schema.ts";

export const toPreset = (row: ReportPreset): PresetShape => ({
  id: row.id,
  name: row.name,
  ageBands: row.age_bands,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

/** Every preset, by name. */
export function listPresets(db: Executor) {
  return db.selectFrom("report_presets").selectAll().orderBy("name").orderBy("id").execute();
}

export async function findPreset(db: Executor, id: number) {
  const row = await db
    .selectFrom("report_presets")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound("Report preset");
  return row;
}

/** A name another preset has (whatever its case) is the name's 422, caught from the unique index. */
async function namedOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "report_presets_name_key"))
      throw invalid("name", say(reportMessages.presetNameTaken));
    throw error;
  }
}

export function createPreset(
  db: Kysely<Database>,
  fields: { name: string; ageBands: string },
  actor: AuditActor,
  now: Date,
) {
  return namedOnce(() =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("report_presets")
        .values({ name: fields.name, age_bands: fields.ageBands, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        actor,
        {
          action: "report_preset.create",
          subjectType: "report_preset",
          subjectId: row.id,
          details: { name: row.name, ageBands: row.age_bands },
        },
        now,
      );
      return row;
    }),
  );
}

export function updatePreset(
  db: Kysely<Database>,
  input: PresetUpdate,
  actor: AuditActor,
  now: Date,
) {
  return namedOnce(() =>
    db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("report_presets")
        .selectAll()
        .where("id", "=", input.id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound("Report preset");
      const changed = [
        ...(input.name !== undefined && input.name !== before.name ? ["name"] : []),
        ...(input.ageBands !== undefined && input.ageBands !== before.age_bands
          ? ["ageBands"]
          : []),
      ];
      if (changed.length === 0) return before;
      const row = await trx
        .updateTable("report_presets")
        .set({
          name: input.name ?? before.name,
          age_bands: input.ageBands ?? before.age_bands,
          updated_at: now,
        })
        .where("id", "=", input.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(
        trx,
        actor,
        {
          action: "report_preset.update",
          subjectType: "report_preset",
          subjectId: row.id,
          details: { name: row.name, fields: changed, ageBands: row.age_bands },
        },
        now,
      );
      return row;
    }),
  );
}

export function deletePreset(db: Kysely<Database>, id: number, actor: AuditActor, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("report_presets")
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound("Report preset");
    await recordAudit(
      trx,
      actor,
      {
        action: "report_preset.delete",
        subjectType: "report_preset",
        subjectId: row.id,
        details: { name: row.name },
      },
      now,
    );
    return row;
  });
}
