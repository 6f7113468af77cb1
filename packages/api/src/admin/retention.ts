import { randomBytes } from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import type { Executor, Kysely, Database, RetentionRule, SignOutKind } from "@vsi/db";
import { toNamedVisit } from "../visits/mappers.ts";
import { visitorKeyOf } from "../visits/queries.ts";
import { dropErasedSignatures } from "../visits/signatures.ts";
import { recordAudit, systemActor, type AuditActor } from "../kernel/audit.ts";
import { erasedVisitorDetails } from "../kernel/visitor-details.ts";
import { federalFiscalYearCutoff } from "../kernel/federal-fiscal-year.ts";
import { eraseRollCallNamesBefore, eraseRollCallNamesOf } from "../roll-calls/queries.ts";
import { eraseHouseholdMemberOf, eraseHouseholdsBefore } from "../households/queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What an erased visit keeps of its visitor: nothing, answers included. Date, place, program and
 * times stay, and of the answers only what the funder summary counts and names nobody (its
 * answer_figures rows, kept by a trigger), so a period's figures are the same before and after.
 */
const erasedDetails = (now: Date) => ({
  ...erasedVisitorDetails,
  erased_at: now,
  updated_at: now,
});

/**
 * How long visitors' details are kept, when not for good: a number of days, or until three years
 * after the federal fiscal year of the visit closes.
 */
export type Retention = { rule: "days"; days: number } | { rule: "federal_fiscal_year" };

/** Visits begun before this are erased by a run at `now`. */
const cutoff = (retention: Retention, now: Date) =>
  retention.rule === "days"
    ? new Date(now.getTime() - retention.days * DAY_MS)
    : federalFiscalYearCutoff(now);

/** The settings row's retention; null: kept for good. */
const retentionOf = (row: {
  erase_after_days: number | null;
  retention_rule: RetentionRule;
}): Retention | null =>
  row.retention_rule === "federal_fiscal_year"
    ? { rule: "federal_fiscal_year" }
    : row.erase_after_days === null
      ? null
      : { rule: "days", days: row.erase_after_days };

/** Visits begun before the cutoff whose details are still there. Open ones wait until they end. */
const erasable = (before: Date) => (eb: ExpressionBuilder<Database, "visits">) =>
  eb.and([eb("time_in", "<", before), eb("erased_at", "is", null), eb("time_out", "is not", null)]);

export interface RetentionStatus {
  eraseAfterDays: number | null;
  retentionRule: RetentionRule;
  /** How many visits a run now would erase (0 while retention is off). */
  nextRunErases: number;
  lastRunAt: Date | null;
}

/** What a run at `now` would erase with this retention: how many, begun before when. */
export async function erasableVisits(db: Executor, retention: Retention, now: Date) {
  const before = cutoff(retention, now);
  const row = await db
    .selectFrom("visits")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where(erasable(before))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), before };
}

export async function retentionStatus(db: Executor, now: Date): Promise<RetentionStatus> {
  const settings = await db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
  const retention = retentionOf(settings);
  const nextRunErases = retention ? (await erasableVisits(db, retention, now)).count : 0;
  return {
    eraseAfterDays: settings.erase_after_days,
    retentionRule: settings.retention_rule,
    nextRunErases,
    lastRunAt: settings.retention_ran_at,
  };
}

/**
 * Turns retention on (N days, or the federal fiscal year rule) or off (null); the change is in the
 * audit log. Saving is a choice even when nothing changes (keeping details for good is one), so it
 * is always recorded as made.
 */
export async function setRetention(
  db: Kysely<Database>,
  retention: Retention | null,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const days = retention?.rule === "days" ? retention.days : null;
  const rule = retention?.rule ?? "days";
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("settings")
      .select(["erase_after_days", "retention_rule"])
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.erase_after_days === days && before.retention_rule === rule) {
      await trx.updateTable("settings").set({ retention_chosen_at: now }).execute();
      return;
    }
    await trx
      .updateTable("settings")
      .set({
        erase_after_days: days,
        retention_rule: rule,
        retention_chosen_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "settings.update",
        details: {
          eraseAfterDays: { from: before.erase_after_days, to: days },
          ...(before.retention_rule === rule
            ? {}
            : { retentionRule: { from: before.retention_rule, to: rule } }),
        },
      },
      now,
    );
  });
}

/**
 * The daily run (or an admin's "erase now"): blanks the names, phone and temperature of visits older than the setting, and
 * records the run. The settings row is locked, so two server processes starting it at once
 * erase once and log once.
 */
export async function runRetention(
  db: Kysely<Database>,
  now: Date,
  actor: AuditActor = systemActor,
): Promise<{ erased: number; retention: Retention | null }> {
  return db.transaction().execute(async (trx) => {
    const settings = await trx
      .selectFrom("settings")
      .select(["erase_after_days", "retention_rule"])
      .forUpdate()
      .executeTakeFirstOrThrow();
    const retention = retentionOf(settings);
    if (retention === null) return { erased: 0, retention: null };
    const before = cutoff(retention, now);
    const result = await trx
      .updateTable("visits")
      .set(erasedDetails(now))
      .where(erasable(before))
      .executeTakeFirst();
    const erased = Number(result.numUpdatedRows);
    await dropErasedSignatures(trx);
    const rollCallNames = await eraseRollCallNamesBefore(trx, before, now);
    // After the visits: a household is erased once none of its visits keeps its details.
    const households = await eraseHouseholdsBefore(trx, before, now);
    await trx.updateTable("settings").set({ retention_ran_at: now }).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "retention.run",
        details: {
          erased,
          rollCallNames,
          households,
          eraseAfterDays: settings.erase_after_days,
          retentionRule: settings.retention_rule,
          before: before.toISOString(),
        },
      },
      now,
    );
    return { erased, retention };
  });
}

/** Every visit of one phone number, oldest first, with place and program names: what a request to be forgotten hands over. */
export async function exportVisitor(
  db: Kysely<Database>,
  phoneNumber: string,
  actor: AuditActor,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("visits")
      .innerJoin("locations", "locations.id", "visits.location_id")
      .innerJoin("programs", "programs.id", "visits.program_id")
      .selectAll("visits")
      .select([
        "locations.name as location_name",
        "programs.name as program_name",
        "programs.name_es as program_name_es",
      ])
      .where("visits.phone_number", "=", phoneNumber)
      .orderBy("visits.time_in")
      .orderBy("visits.id")
      .execute();
    // The log says that someone's visits were handed over, never whose.
    await recordAudit(
      trx,
      actor,
      { action: "visitor.export", details: { visits: rows.length } },
      now,
    );
    return rows.map(toNamedVisit);
  });
}

/**
 * Erases one person's details from all their visits (a request to be forgotten). A visit still
 * open ends now, signed out by staff (an admin's doing): nobody forgotten stays on the roll call.
 * Their visits, those erased by retention included, then share a random key instead of their
 * phone's: past figures still count them once, and nothing links them to a later visit.
 */
export async function forgetVisitor(
  db: Kysely<Database>,
  phoneNumber: string,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("visits")
      .set((eb) => ({
        ...erasedDetails(now),
        time_out: eb.fn.coalesce("time_out", sql<Date>`${now}::timestamptz`),
        // An ended visit keeps who ended it.
        signed_out_by: eb
          .case()
          .when("time_out", "is", null)
          .then(sql.lit<SignOutKind>("staff"))
          .else(eb.ref("signed_out_by"))
          .end(),
      }))
      .where("phone_number", "=", phoneNumber)
      .executeTakeFirst();
    const erased = Number(result.numUpdatedRows);
    await dropErasedSignatures(trx);
    // Before their key changes: it is what finds them on roll calls.
    await eraseRollCallNamesOf(trx, phoneNumber, now);
    await eraseHouseholdMemberOf(trx, phoneNumber, now);
    await trx
      .updateTable("visits")
      .set({ visitor_key: randomBytes(32) })
      .where("visitor_key", "=", visitorKeyOf(phoneNumber))
      .execute();
    await recordAudit(trx, actor, { action: "visitor.forget", details: { erased } }, now);
    return erased;
  });
}
