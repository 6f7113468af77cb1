import { sql, type Kysely } from "kysely";
import type { Database, Transaction } from "@vsi/db";
import { notFound, type FieldError } from "../kernel/errors.ts";
import { recordAudit, type AuditActor } from "../kernel/audit.ts";
import { maxPartySize } from "../visits/schema.ts";
import { say, householdMessages } from "../kernel/messages.ts";
import { fieldError, refused, seenAt } from "./queries.ts";

/**
 * Locks households in id order (so two merges of one pair cannot wait on each other), each with
 * the lock a limited sign-in takes (`household_lock`, migration 0054) and then its row: a sign-in
 * counting one of them waits for the move, and the move for the sign-in. Their rows, as they are
 * now; one missing, or one the caller may not see (`seenAt`), is left out.
 */
async function lockHouseholds(
  trx: Transaction<Database>,
  ids: number[],
  locationIds: readonly number[] | undefined,
) {
  const ordered = [...new Set(ids)].sort((x, y) => x - y);
  for (const id of ordered) await sql`select household_lock(${id}::int)`.execute(trx);
  return trx
    .selectFrom("households")
    .selectAll()
    .where("id", "in", ordered)
    .where(seenAt(locationIds))
    .orderBy("id")
    .forUpdate()
    .execute();
}

const memberCount = async (trx: Transaction<Database>, householdId: number) =>
  Number(
    (
      await trx
        .selectFrom("household_members")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("household_id", "=", householdId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Merges `otherId` into `id`, in one transaction: the other's members and visits move here, and
 * the other goes. The household kept keeps its address, basis and certification, and takes the
 * other's where it has none; its size is the larger of the two, and at least its members. Counts
 * follow: the other's visits are this household's from now on, so it is counted once. Either
 * household unknown or not the caller's is 404; itself, or over 50 members together, a 422.
 */
export async function mergeHouseholds(
  db: Kysely<Database>,
  id: number,
  otherId: number,
  now: Date,
  actor: AuditActor,
  locationIds?: readonly number[],
): Promise<void> {
  if (id === otherId)
    throw refused([fieldError("otherId", say(householdMessages.mergeWithItself))]);
  await db.transaction().execute(async (trx) => {
    const found = await lockHouseholds(trx, [id, otherId], locationIds);
    const kept = found.find((row) => row.id === id);
    const other = found.find((row) => row.id === otherId);
    if (!kept || !other) throw notFound("Household");
    const together = (await memberCount(trx, id)) + (await memberCount(trx, otherId));
    if (together > maxPartySize)
      throw refused([fieldError("otherId", say(householdMessages.tooManyMembers))]);

    const members = await trx
      .updateTable("household_members")
      .set({ household_id: id, updated_at: now })
      .where("household_id", "=", otherId)
      .executeTakeFirst();
    const visits = await trx
      .updateTable("visits")
      .set({ household_id: id })
      .where("household_id", "=", otherId)
      .executeTakeFirst();
    const addressFromOther = kept.address_line1 === "" && other.address_line1 !== "";
    const basisFromOther = kept.eligibility_basis_id === null;
    await trx
      .updateTable("households")
      .set({
        address_line1: addressFromOther ? other.address_line1 : kept.address_line1,
        zip: addressFromOther ? other.zip : kept.zip,
        size: Math.max(kept.size, other.size, together),
        eligibility_basis_id: basisFromOther
          ? other.eligibility_basis_id
          : kept.eligibility_basis_id,
        certified_at: basisFromOther ? other.certified_at : kept.certified_at,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    await trx.deleteFrom("households").where("id", "=", otherId).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "household.merge",
        subjectType: "household",
        subjectId: id,
        details: {
          otherId,
          members: Number(members.numUpdatedRows),
          visits: Number(visits.numUpdatedRows),
        },
      },
      now,
    );
  });
}

/**
 * Moves a member of household `id` to `toHouseholdId`, in one transaction: found by their phone
 * there from now on; their past visits stay the household's they came with. One person less here
 * (never below the members left) and one more there. The household or the member unknown or not
 * the caller's is 404; the other household unknown or this one, the member the last one here, or
 * a 51st member there, a 422 at its field.
 */
export async function moveMember(
  db: Kysely<Database>,
  { id, memberId, toHouseholdId }: { id: number; memberId: number; toHouseholdId: number },
  now: Date,
  actor: AuditActor,
  locationIds?: readonly number[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const found = await lockHouseholds(trx, [id, toHouseholdId], locationIds);
    const from = found.find((row) => row.id === id);
    if (!from) throw notFound("Household");
    const member = await trx
      .selectFrom("household_members")
      .select("id")
      .where("id", "=", memberId)
      .where("household_id", "=", id)
      .executeTakeFirst();
    if (!member) throw notFound("Member");
    const to = found.find((row) => row.id === toHouseholdId);
    const left = (await memberCount(trx, id)) - 1;
    const errors: FieldError[] = [];
    if (toHouseholdId === id)
      errors.push(fieldError("toHouseholdId", say(householdMessages.alreadyInHousehold)));
    else if (!to) errors.push(fieldError("toHouseholdId", say(householdMessages.noSuchHousehold)));
    else if ((await memberCount(trx, toHouseholdId)) >= maxPartySize)
      errors.push(fieldError("toHouseholdId", say(householdMessages.tooManyMembers)));
    if (left < 1) errors.push(fieldError("memberId", say(householdMessages.lastMember)));
    if (errors.length || !to) throw refused(errors);

    await trx
      .updateTable("household_members")
      .set({ household_id: toHouseholdId, updated_at: now })
      .where("id", "=", memberId)
      .execute();
    await trx
      .updateTable("households")
      .set({ size: Math.max(from.size - 1, left), updated_at: now })
      .where("id", "=", id)
      .execute();
    const there = await memberCount(trx, toHouseholdId);
    await trx
      .updateTable("households")
      .set({ size: Math.min(maxPartySize, Math.max(to.size + 1, there)), updated_at: now })
      .where("id", "=", toHouseholdId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "household.member_move",
        subjectType: "household",
        subjectId: id,
        details: { memberId, toHouseholdId },
      },
      now,
    );
  });
}
