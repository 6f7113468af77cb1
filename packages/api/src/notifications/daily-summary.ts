import { sql, type Kysely } from "kysely";
import type { Database } from "@vsi/db";
import type { ProgramNames } from "@vsi/i18n/languages";
import { funderTotals } from "../reports/funder-summary.ts";
import { visitSummary } from "../reports/summary.ts";
import { calendarDate, timeZone as zoneName } from "../kernel/calendar.ts";
import type { AppConfig, Mailer } from "../kernel/services.ts";
import { dailySummaryEmail, type LocationDay } from "./emails.ts";
import { locationAccess, roleAt } from "../kernel/permissions.ts";

/** The local hour (in each location's zone) from which yesterday's summary is sent. */
export const dailySummaryHour = 7;
/** A claimed summary is another sender's after this (its sender died mid-send). */
const summaryClaimLeaseMs = 5 * 60_000;
/** Sent-log rows are kept this long: the unique key only matters for the day at hand. */
const keepLogDays = 14;

/** Each zone of the live locations where it is past 7 a.m., and its yesterday. */
async function zonesDue(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom(
      db
        .selectFrom("locations")
        .select("time_zone")
        .distinct()
        .where("archived_at", "is", null)
        .as("z"),
    )
    .select([
      "z.time_zone",
      sql<string>`to_char((${now}::timestamptz at time zone z.time_zone)::date - 1, 'YYYY-MM-DD')`.as(
        "day",
      ),
    ])
    .where(
      sql`extract(hour from ${now}::timestamptz at time zone z.time_zone)`,
      ">=",
      dailySummaryHour,
    )
    .execute();
}

/**
 * Claims (user, zone, day) for every active user who wants the summary and has not had it: the
 * row's unique key makes it once, across restarts and servers; an unsent claim whose lease ran
 * out is taken again.
 */
async function claimRecipients(db: Kysely<Database>, timeZone: string, day: string, now: Date) {
  const lease = new Date(now.getTime() + summaryClaimLeaseMs);
  return db
    .insertInto("staff_daily_summaries")
    .columns(["user_id", "time_zone", "day", "locked_until"])
    .expression((eb) =>
      eb
        .selectFrom("users")
        .select([
          "users.id",
          sql<string>`${timeZone}::text`.as("time_zone"),
          sql<string>`${day}::date`.as("day"),
          sql<Date>`${lease}::timestamptz`.as("locked_until"),
        ])
        .where("users.daily_summary", "=", true)
        .where("users.deactivated_at", "is", null),
    )
    .onConflict((oc) =>
      oc
        .columns(["user_id", "time_zone", "day"])
        .doUpdateSet({ locked_until: lease })
        .where("staff_daily_summaries.done_at", "is", null)
        .where("staff_daily_summaries.locked_until", "<=", now),
    )
    .returning("user_id")
    .execute();
}

/** Programs' two names by id: a day is counted once per zone and named per reader. */
async function programNames(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return new Map<number, ProgramNames>();
  const rows = await db
    .selectFrom("programs")
    .select(["id", "name", "name_es"])
    .where("id", "in", ids)
    .execute();
  return new Map(rows.map((p) => [p.id, { Name: p.name, NameEs: p.name_es }]));
}

/**
 * One zone's live locations' day, by the reports' own rules: the programs with visits from the
 * visit summary, and visits, people and new people from the funder summary's totals; each program
 * with both its names, for readers of either language.
 */
export async function zoneDay(
  db: Kysely<Database>,
  timeZone: string,
  day: string,
): Promise<LocationDay[]> {
  const locations = await db
    .selectFrom("locations")
    .select(["id", "name"])
    .where("time_zone", "=", timeZone)
    .where("archived_at", "is", null)
    .orderBy("name")
    .execute();
  // Both came from the database, checked as any report's filters are.
  const date = calendarDate.parse(day);
  const period = { from: date, to: date, timeZone: zoneName.parse(timeZone) };
  const days: LocationDay[] = [];
  for (const location of locations) {
    const byProgram = await visitSummary(db, { ...period, locationId: location.id }, "program");
    if (byProgram.totalVisits === 0) continue;
    const whole = await funderTotals(db, { ...period, locationId: location.id });
    const names = await programNames(
      db,
      byProgram.groups.map((group) => Number(group.key)),
    );
    const programs = [];
    for (const group of byProgram.groups)
      programs.push({
        program: names.get(Number(group.key)) ?? { Name: group.label },
        ...(await funderTotals(db, {
          ...period,
          locationId: location.id,
          programId: Number(group.key),
        })),
      });
    days.push({ locationId: location.id, location: location.name, ...whole, programs });
  }
  return days;
}

export interface SummaryRun {
  sent: number;
}

/**
 * At or after 7 a.m. in a zone, mails yesterday's summary of that zone's locations (those they
 * hold) to each user who asked, once; on a day without visits nothing is sent (the claim is kept, so the day is not
 * counted again). A failed send is tried again when its claim runs out.
 */
export async function sendDailySummaries(
  db: Kysely<Database>,
  mailer: Mailer,
  config: AppConfig,
  now: Date,
  log: { error(line: string): void } = console,
): Promise<SummaryRun> {
  let sent = 0;
  for (const { time_zone: timeZone, day } of await zonesDue(db, now)) {
    const claimed = await claimRecipients(db, timeZone, day, now);
    if (!claimed.length) continue;
    const locations = await zoneDay(db, timeZone, day);
    const recipients = await db
      .selectFrom("users")
      .select(["id", "email", "first_name", "language", "is_admin", "staff_of_every_location"])
      .where(
        "id",
        "in",
        claimed.map((c) => c.user_id),
      )
      .execute();
    const roles = await db
      .selectFrom("location_access")
      .select(["user_id", "location_id as locationId", "role"])
      .where(
        "user_id",
        "in",
        claimed.map((c) => c.user_id),
      )
      .execute();
    for (const user of recipients) {
      // Each reader's own locations alone (kernel/permissions.ts's rule).
      const access = locationAccess(
        user,
        roles.filter((row) => row.user_id === user.id),
      );
      const theirs = locations.filter((l) => roleAt(access, l.locationId) !== undefined);
      const visits = theirs.reduce((sum, l) => sum + l.visits, 0);
      try {
        if (visits > 0) {
          await mailer.send(dailySummaryEmail(config, user, day, theirs));
          sent += 1;
        }
        await db
          .updateTable("staff_daily_summaries")
          .set({ done_at: now, locked_until: null, visits })
          .where("user_id", "=", user.id)
          .where("time_zone", "=", timeZone)
          .where("day", "=", day)
          .execute();
      } catch (error) {
        log.error(
          `daily summary: to user ${user.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
  await db
    .deleteFrom("staff_daily_summaries")
    .where(
      "day",
      "<",
      sql<string>`(${now}::timestamptz at time zone 'UTC')::date - ${keepLogDays}::int`,
    )
    .execute();
  return { sent };
}
