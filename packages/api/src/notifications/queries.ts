import type { Database, Executor } from "@vsi/db";
import type { Kysely } from "kysely";
import type { NotificationSettings, NotificationSettingsInput } from "./schema.ts";

export async function getNotificationSettings(
  db: Executor,
  userId: number,
): Promise<NotificationSettings> {
  const [user, signIns] = await Promise.all([
    db
      .selectFrom("users")
      .select("daily_summary")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    // An archived location's or program's are not shown (a PUT, replacing the whole, drops
    // them): what a script reads it may send back as it is.
    db
      .selectFrom("staff_alert_subscriptions as s")
      .innerJoin("locations as l", "l.id", "s.location_id")
      .innerJoin("programs as p", "p.id", "s.program_id")
      .select(["s.location_id as locationId", "s.program_id as programId"])
      .where("s.user_id", "=", userId)
      .where("l.archived_at", "is", null)
      .where("p.archived_at", "is", null)
      .orderBy("s.location_id")
      .orderBy("s.program_id")
      .execute(),
  ]);
  return { signIns, dailySummary: user.daily_summary };
}

/** Replaces the user's alerts whole, in one transaction (a repeated pair counts once). */
export async function replaceNotificationSettings(
  db: Kysely<Database>,
  userId: number,
  settings: NotificationSettingsInput,
): Promise<void> {
  const pairs = new Map(settings.signIns.map((s) => [`${s.locationId}:${s.programId}`, s]));
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ daily_summary: settings.dailySummary })
      .where("id", "=", userId)
      .execute();
    await trx.deleteFrom("staff_alert_subscriptions").where("user_id", "=", userId).execute();
    if (pairs.size)
      await trx
        .insertInto("staff_alert_subscriptions")
        .values(
          [...pairs.values()].map((s) => ({
            user_id: userId,
            location_id: s.locationId,
            program_id: s.programId,
          })),
        )
        .execute();
  });
}
