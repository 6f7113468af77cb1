import { sql, type Kysely } from "kysely";
import type { Database } from "@vsi/db";
import type { AppConfig, Mailer } from "../kernel/services.ts";
import { signInAlertEmail, type AlertedSignIn } from "./emails.ts";

/** A recipient's first alert waits this long for others arriving with it: one e-mail for all. */
export const alertGroupingMs = 20_000;
/** A claimed alert is another sender's to send after this (its sender died mid-send). */
export const alertClaimLeaseMs = 2 * 60_000;
/** Recipients mailed in one run. */
const recipientsPerRun = 20;

export interface AlertRun {
  /** E-mails sent. */
  sent: number;
  /** When the next recipient's alerts are due (their grouping ends, or a claim runs out); null: none wait. */
  nextDueAt: Date | null;
}

interface Claimed {
  id: string;
  user_id: number;
  /** The event's copy of the visit (webhook_visit_data). */
  data: {
    firstName?: unknown;
    lastName?: unknown;
    timeIn?: unknown;
    program?: { name?: unknown };
    location?: { name?: unknown };
  };
  time_zone: string | null;
  /** The program's names from its row (null: no such program): the event's copy has no Spanish. */
  program_name: string | null;
  program_name_es: string | null;
  email: string;
  first_name: string;
  language: "en" | "es" | null;
  deactivated_at: Date | null;
}

const unlocked = (now: Date) => sql<boolean>`(locked_until is null or locked_until <= ${now})`;

/**
 * Claims the alerts of recipients whose first waiting alert is `alertGroupingMs` old, each row by
 * one sender (SKIP LOCKED, then a lease), with what the e-mail needs.
 */
async function claimDue(db: Kysely<Database>, now: Date): Promise<Claimed[]> {
  const groupedBefore = new Date(now.getTime() - alertGroupingMs);
  return db
    .with("due_users", (qb) =>
      qb
        .selectFrom("staff_alerts")
        .select("user_id")
        .where(unlocked(now))
        .groupBy("user_id")
        .having((eb) => eb.fn.min("created_at"), "<=", groupedBefore)
        .limit(recipientsPerRun),
    )
    .with("claimable", (qb) =>
      qb
        .selectFrom("staff_alerts")
        .select("id")
        .where("user_id", "in", (eb) => eb.selectFrom("due_users").select("user_id"))
        .where(unlocked(now))
        .forUpdate()
        .skipLocked(),
    )
    .with("claimed", (qb) =>
      qb
        .updateTable("staff_alerts")
        .set({ locked_until: new Date(now.getTime() + alertClaimLeaseMs) })
        .where("id", "in", (eb) => eb.selectFrom("claimable").select("id"))
        .returning(["id", "user_id", "event_id"]),
    )
    .selectFrom("claimed")
    .innerJoin("webhook_events as ev", "ev.id", "claimed.event_id")
    .innerJoin("users as u", "u.id", "claimed.user_id")
    .leftJoin("locations as l", "l.id", "ev.location_id")
    .leftJoin("programs as p", (join) =>
      join.on(sql<boolean>`p.id = (ev.data #>> '{program,id}')::int`),
    )
    .select([
      "claimed.id",
      "claimed.user_id",
      "ev.data",
      "l.time_zone",
      "p.name as program_name",
      "p.name_es as program_name_es",
      "u.email",
      "u.first_name",
      "u.language",
      "u.deactivated_at",
    ])
    .orderBy("claimed.user_id")
    .orderBy("ev.id")
    .execute();
}

/** What the alert says of a sign-in; null once its visitor was erased (nothing left to tell). */
function signInOf(row: Claimed): AlertedSignIn | null {
  const data = row.data;
  if (typeof data.firstName !== "string" || typeof data.timeIn !== "string") return null;
  return {
    firstName: data.firstName,
    lastName: typeof data.lastName === "string" ? data.lastName : "",
    program: {
      Name: row.program_name ?? (typeof data.program?.name === "string" ? data.program.name : ""),
      NameEs: row.program_name_es,
    },
    location: typeof data.location?.name === "string" ? data.location.name : "",
    timeIn: new Date(data.timeIn),
    timeZone: row.time_zone ?? "UTC",
  };
}

/**
 * Mails each recipient whose alerts are due one e-mail listing them, then deletes those rows. A
 * deactivated recipient's are deleted unsent. A failed send leaves its rows claimed until the
 * lease runs out, then they are sent again: nothing is lost, and a sent e-mail's rows are gone, so
 * a restart sends nothing twice.
 */
export async function sendStaffAlerts(
  db: Kysely<Database>,
  mailer: Mailer,
  config: AppConfig,
  now: Date,
  log: { error(line: string): void } = console,
): Promise<AlertRun> {
  const claimed = await claimDue(db, now);
  const byUser = new Map<number, Claimed[]>();
  for (const row of claimed) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  let sent = 0;
  for (const rows of byUser.values()) {
    const recipient = rows[0]!;
    const signIns = rows.map(signInOf).filter((s): s is AlertedSignIn => s !== null);
    try {
      if (recipient.deactivated_at === null && signIns.length) {
        await mailer.send(signInAlertEmail(config, recipient, signIns));
        sent += 1;
      }
      await db
        .deleteFrom("staff_alerts")
        .where(
          "id",
          "in",
          rows.map((r) => r.id),
        )
        .execute();
    } catch (error) {
      log.error(
        `staff alerts: to user ${recipient.user_id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return { sent, nextDueAt: await nextDue(db, now) };
}

/** The earliest of: an unclaimed recipient's grouping end, a claim's end. */
async function nextDue(db: Kysely<Database>, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom("staff_alerts")
    .select([
      sql<Date | null>`min(created_at) filter (where ${unlocked(now)})`.as("first_at"),
      sql<Date | null>`min(locked_until) filter (where locked_until > ${now})`.as("lock_ends"),
    ])
    .executeTakeFirst();
  const times = [
    row?.first_at ? new Date(row.first_at).getTime() + alertGroupingMs : null,
    row?.lock_ends ? new Date(row.lock_ends).getTime() : null,
  ].filter((t): t is number => t !== null);
  return times.length ? new Date(Math.min(...times)) : null;
}
