import type { Database, Executor } from "@vsi/db";
import type { Kysely } from "kysely";
import { recordAudit, type AuditActor } from "../kernel/audit.ts";
import type { ReportSettings } from "./report-settings-schema.ts";

/** What every staff member's reports need of the instance's settings. */
export async function reportSettings(db: Executor): Promise<ReportSettings> {
  const row = await db
    .selectFrom("settings")
    .select("fiscal_year_start_month")
    .executeTakeFirstOrThrow();
  return { fiscalYearStartMonth: row.fiscal_year_start_month };
}

/** Sets the fiscal year's first month; a change is recorded in the audit log. */
export async function setFiscalYearStart(
  db: Kysely<Database>,
  month: number,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("settings")
      .select("fiscal_year_start_month")
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.fiscal_year_start_month === month) return;
    await trx
      .updateTable("settings")
      .set({ fiscal_year_start_month: month, updated_at: now })
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "settings.update",
        details: { fiscalYearStartMonth: { from: before.fiscal_year_start_month, to: month } },
      },
      now,
    );
  });
}
