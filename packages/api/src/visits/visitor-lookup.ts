import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { auditActorSql, auditColumns } from "../kernel/audit.ts";
import { rememberedAnswers } from "../questions/queries.ts";
import { initialOf } from "../kernel/sheet-view.ts";
import { anyOf } from "../kernel/any-of.ts";

/**
 * The names of the latest visit with this phone, and the visitor's remembered answers (of the tablet's location, for a tablet), in one
 * statement with the tablet's count for the day: one audit row per tablet and day of its location's
 * time zone, `at` its latest lookup and `details` {day, lookups}; never the phone itself.
 */
export async function lookUpVisitor(
  db: Executor,
  phoneNumber: string,
  /**
   * A tablet's lookup (its location's visitors only, counted), a door's (its location's, limited
   * by the door's own budgets); staff's of some locations (`locationIds`, theirs); undefined for
   * staff of every location (everyone's).
   */
  caller:
    { tabletId?: number; locationId: number } | { locationIds: readonly number[] } | undefined,
  now: Date,
) {
  let latest = db
    .selectFrom("visits")
    .select([
      "first_name",
      "last_name",
      rememberedAnswers(
        phoneNumber,
        now,
        caller && ("locationIds" in caller ? caller.locationIds : caller.locationId),
      ).as("remembered"),
      phoneHousehold(phoneNumber).as("household"),
    ])
    .where("phone_number", "=", phoneNumber)
    // A phone's unproven sign-in did not show it was this number's: its names are not remembered.
    .where("unproven", "=", false)
    .orderBy("time_in", "desc")
    .limit(1);
  if (!caller) return latest.executeTakeFirst();
  if ("locationIds" in caller)
    return latest.where("location_id", "=", anyOf(caller.locationIds)).executeTakeFirst();
  latest = latest.where("location_id", "=", caller.locationId);
  if (caller.tabletId === undefined) return latest.executeTakeFirst();
  const { actor, userId, tabletId } = auditActorSql({ kind: "tablet", tabletId: caller.tabletId });
  return db
    .with("counted", (db) =>
      db
        .insertInto("audit_log")
        .columns(auditColumns)
        .expression(
          db
            .selectFrom("locations")
            .where("locations.id", "=", caller.locationId)
            .select([
              sql<Date>`${now}::timestamptz`.as("at"),
              actor.as("actor"),
              userId.as("user_id"),
              tabletId.as("tablet_id"),
              sql<string>`'visitor.lookup'`.as("action"),
              sql<string>`'tablet'`.as("subject_type"),
              sql<string>`jsonb_build_object('day', to_char(${now}::timestamptz at time zone locations.time_zone, 'YYYY-MM-DD'), 'lookups', 1)`.as(
                "details",
              ),
              tabletId.as("subject_id"),
              "locations.id as location_id",
            ]),
        )
        // The index of migration 0016: this tablet's row of that day.
        .onConflict((oc) =>
          oc
            .expression(sql`tablet_id, (details->>'day')`)
            .where("action", "=", "visitor.lookup")
            .doUpdateSet({
              at: (eb) => eb.ref("excluded.at"),
              details: sql`jsonb_set(audit_log.details, '{lookups}', to_jsonb((audit_log.details->>'lookups')::int + 1))`,
            }),
        ),
    )
    .selectFrom(latest.as("latest"))
    .selectAll()
    .executeTakeFirst();
}

/** The household a phone is a member of, with its members not erased, as one JSON value or null. */
const phoneHousehold = (phoneNumber: string) =>
  sql<HouseholdFound | null>`(select jsonb_build_object('id', member.household_id, 'Members',
      (select jsonb_agg(jsonb_build_object('id', other.id, 'FirstName', other.first_name,
          'LastName', other.last_name, 'ThisPhone', other.id = member.id) order by other.id)
        from household_members other
        where other.household_id = member.household_id and other.erased_at is null))
    from household_members member where member.phone_number = ${phoneNumber})`;

interface HouseholdFound {
  id: number;
  Members: Array<{ id: number; FirstName: string; LastName: string; ThisPhone: boolean }>;
}

/**
 * A returning visitor as the lookup answers: their names and remembered answers, each dated, and
 * their household; a tablet (`whole` false) is told its members' first names and initials only.
 */
export function foundVisitor(
  visitor: NonNullable<Awaited<ReturnType<typeof lookUpVisitor>>>,
  whole: boolean,
) {
  const remembered = Object.entries(visitor.remembered);
  const household = visitor.household;
  return {
    FirstName: visitor.first_name,
    LastName: visitor.last_name,
    Household: household && {
      id: household.id,
      Members: household.Members.map((member) => ({
        ...member,
        LastName: whole ? member.LastName : initialOf(member.LastName),
      })),
    },
    Answers: Object.fromEntries(remembered.map(([id, answer]) => [id, answer.value])),
    AnsweredAt: Object.fromEntries(
      remembered.map(([id, answer]) => [id, new Date(answer.at).toISOString()]),
    ),
  };
}
