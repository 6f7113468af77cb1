import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { setupSteps, type SetupChecklist } from "./setup-schema.ts";

interface Row {
  location: boolean;
  programs: boolean;
  tablet: boolean;
  invite: boolean;
  retention: boolean;
  dismissed: boolean;
}

/**
 * A fresh install's "get set up" list, each step ticked by what the data holds: a location, a
 * program, a tablet ever set up, a colleague invited (or any other account), the retention
 * setting saved. Archived and disconnected rows count: the step was done. Null once an admin
 * dismissed the list, or once every step is done: then it is gone for good. One statement.
 */
export async function setupChecklist(db: Executor): Promise<SetupChecklist | null> {
  const { rows } = await sql<Row>`
    select exists (select 1 from locations) as location,
           exists (select 1 from programs) as programs,
           exists (select 1 from tablets) as tablet,
           (exists (select 1 from invites) or (select count(*) from (select 1 from users limit 2) u) > 1) as invite,
           s.retention_chosen_at is not null as retention,
           s.setup_dismissed_at is not null as dismissed
    from settings s
  `.execute(db);
  const row = rows[0];
  if (!row || row.dismissed) return null;
  const steps = setupSteps.map((step) => ({ step, done: row[step] }));
  return steps.every((s) => s.done) ? null : { steps };
}

/** An admin puts the list away: it stays away, whoever logs in next. Answers when it first was. */
export async function dismissSetupChecklist(db: Executor, now: Date): Promise<Date> {
  const { setup_dismissed_at } = await db
    .updateTable("settings")
    .set((eb) => ({ setup_dismissed_at: eb.fn.coalesce("setup_dismissed_at", sql<Date>`${now}`) }))
    .returning("setup_dismissed_at")
    .executeTakeFirstOrThrow();
  return setup_dismissed_at ?? now;
}
