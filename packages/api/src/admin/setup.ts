import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import type { Services } from "../kernel/services.ts";
import { setupSteps, type SetupChecklist, type SetupStep } from "./setup-schema.ts";

interface Row {
  password: boolean | null;
  location: boolean;
  programs: boolean;
  questions: boolean;
  tablet: boolean;
  invite: boolean;
  retention: boolean;
  dismissed: boolean;
}

/**
 * A fresh install's "get set up" list, each step ticked by what the data holds: the demo admin's
 * password replaced (a step only with demo data), a location, a program, an intake question, a
 * tablet ever set up, a colleague invited (or any other account), the retention setting saved.
 * Archived, retired and disconnected rows count: the step was done. E-mail is ticked by the
 * server's settings (`mailReady`: a mail server, and BASE_URL for the links of the resets anyone
 * may ask for). Null once an admin dismissed the list, or once every step is done: then it is
 * gone for good. One statement.
 */
export async function setupChecklist(
  db: Executor,
  { mailReady }: { mailReady: boolean },
): Promise<SetupChecklist | null> {
  const { rows } = await sql<Row>`
    select case when s.demo_password_hash is null then null
                else not exists (select 1 from users u
                                 where u.password_hash = s.demo_password_hash
                                   and u.deactivated_at is null) end as password,
           exists (select 1 from locations) as location,
           exists (select 1 from programs) as programs,
           exists (select 1 from questions) as questions,
           exists (select 1 from tablets) as tablet,
           (exists (select 1 from invites) or (select count(*) from (select 1 from users limit 2) u) > 1) as invite,
           s.retention_chosen_at is not null as retention,
           s.setup_dismissed_at is not null as dismissed
    from settings s
  `.execute(db);
  const row = rows[0];
  if (!row || row.dismissed) return null;
  const done: Record<SetupStep, boolean | null> = { ...row, email: mailReady };
  const steps = setupSteps.flatMap((step) => {
    const state = done[step];
    return state === null ? [] : [{ step, done: state }];
  });
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

/**
 * Whether e-mail is set up: a mail server that delivers, and BASE_URL, which the links of the
 * password resets anyone may ask for start with (their own Host is never trusted).
 */
export const mailReady = (services: Pick<Services, "mailer" | "config">) =>
  services.mailer.delivers && services.config.publicUrl !== undefined;
