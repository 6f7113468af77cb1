import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database, Executor, Household, HouseholdMember, Transaction } from "@vsi/db";
import { HttpError, keyedMessage, notFound, type FieldError } from "../kernel/errors.ts";
import { changedFields, recordAudit, type AuditActor } from "../kernel/audit.ts";
import { pageSize } from "../kernel/pagination.ts";
import { phoneDigits } from "../kernel/phone.ts";
import {
  say,
  accessMessages,
  fieldMessages,
  householdMessages,
  type KeyedMessage,
} from "../kernel/messages.ts";
import { isHouseholdPhoneTaken } from "../visits/queries.ts";
import type { HouseholdCreateInput, HouseholdMemberInput, HouseholdUpdateInput } from "./schema.ts";

/** A member's columns, its birth date as the text the API gives (a date column reads as a Date). */
const memberColumns = [
  "household_members.id",
  "household_members.household_id",
  "household_members.first_name",
  "household_members.last_name",
  "household_members.phone_number",
  sql<string | null>`household_members.birth_date::text`.as("birth_date"),
  "household_members.relationship",
  "household_members.erased_at",
  "household_members.created_at",
  "household_members.updated_at",
] as const;

export interface HouseholdWithMembers {
  household: Household;
  members: HouseholdMember[];
}

/** The members of these households, each household's in the order they were added. */
export async function membersOf(db: Executor, householdIds: number[]): Promise<HouseholdMember[]> {
  if (householdIds.length === 0) return [];
  return db
    .selectFrom("household_members")
    .select(memberColumns)
    .where("household_id", "in", householdIds)
    .orderBy("household_id")
    .orderBy("id")
    .execute();
}

export const withMembers = (households: Household[], members: HouseholdMember[]) =>
  households.map((household) => ({
    household,
    members: members.filter((member) => member.household_id === household.id),
  }));

/**
 * The households a caller holding `locationIds` may see (undefined: every location, every one):
 * those with a visit at one of them, and those with no visit yet, which belong to no location.
 */
export function seenAt(locationIds: readonly number[] | undefined) {
  return (eb: ExpressionBuilder<Database, "households">) => {
    if (!locationIds) return eb.val(true);
    const visits = () =>
      eb
        .selectFrom("visits")
        .select("visits.id")
        .whereRef("visits.household_id", "=", "households.id");
    return eb.or([
      locationIds.length > 0
        ? eb.exists(visits().where("visits.location_id", "in", locationIds))
        : eb.val(false),
      eb.not(eb.exists(visits())),
    ]);
  };
}

/** One household with its members; one the caller may not see (`seenAt`) is as if it did not exist. */
export async function findHousehold(
  db: Executor,
  id: number,
  locationIds?: readonly number[],
): Promise<HouseholdWithMembers> {
  const household = await db
    .selectFrom("households")
    .selectAll()
    .where("id", "=", id)
    .where(seenAt(locationIds))
    .executeTakeFirst();
  if (!household) throw notFound("Household");
  return { household, members: await membersOf(db, [id]) };
}

/** `%` and `_` typed into a search are themselves, not wildcards. */
const likePrefix = (typed: string) => `${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Households, newest first, a page of them, and how many match: all, or those a search finds (a
 * member's phone when it is one, else the start of a member's name or of the address).
 */
export async function listHouseholds(
  db: Executor,
  search: string | undefined,
  page: number,
  /** The caller's locations (`seenAt`); undefined for every one. */
  locationIds?: readonly number[],
): Promise<{ households: HouseholdWithMembers[]; total: number }> {
  const phone = search === undefined ? "" : phoneDigits(search);
  const matching = db
    .selectFrom("households")
    .where(seenAt(locationIds))
    .where((eb) => {
      if (!search) return eb.val(true);
      if (/^\d{10}$/.test(phone))
        return eb.exists(
          eb
            .selectFrom("household_members")
            .select("household_members.id")
            .whereRef("household_members.household_id", "=", "households.id")
            .where("household_members.phone_number", "=", phone),
        );
      const prefix = likePrefix(search);
      return eb.or([
        eb("households.address_line1", "ilike", prefix),
        eb.exists(
          eb
            .selectFrom("household_members")
            .select("household_members.id")
            .whereRef("household_members.household_id", "=", "households.id")
            .where((eb) =>
              eb.or([
                eb("household_members.first_name", "ilike", prefix),
                eb("household_members.last_name", "ilike", prefix),
              ]),
            ),
        ),
      ]);
    });
  const [households, count] = await Promise.all([
    matching
      .selectAll("households")
      .orderBy("households.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const members = await membersOf(
    db,
    households.map((household) => household.id),
  );
  return { households: withMembers(households, members), total: Number(count.n) };
}

/** The latest calendar day anywhere on Earth at `now` (UTC+14): a birth date past it is in the future. */
const latestToday = (now: Date) =>
  new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const fieldError = (path: string, message: string | KeyedMessage): FieldError => ({
  path,
  ...keyedMessage(message),
});

/**
 * What a household's members and size may not be, checked before anything is written: a size
 * below the members listed, a birth date in the future, a phone given twice, or a member (by
 * id, or by phone) of another household. Every problem at once, each at its field.
 */
async function memberProblems(
  trx: Transaction<Database>,
  householdId: number | null,
  members: HouseholdMemberInput[],
  size: number,
  now: Date,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (size < members.length)
    errors.push(
      fieldError("Size", say(householdMessages.sizeBelowMembers, { count: members.length })),
    );
  const today = latestToday(now);
  const phones = new Map<string, number>();
  members.forEach((member, index) => {
    if (member.BirthDate && member.BirthDate > today)
      errors.push(fieldError(`Members.${index}.BirthDate`, say(householdMessages.birthDateFuture)));
    if (member.PhoneNumber) {
      if (phones.has(member.PhoneNumber))
        errors.push(fieldError(`Members.${index}.PhoneNumber`, say(householdMessages.phoneTwice)));
      else phones.set(member.PhoneNumber, index);
    }
  });

  const ids = members.flatMap((member) => (member.id === undefined ? [] : [member.id]));
  const known = ids.length
    ? await trx
        .selectFrom("household_members")
        .select(["id", "household_id"])
        .where("id", "in", ids)
        .execute()
    : [];
  members.forEach((member, index) => {
    if (member.id === undefined) return;
    const found = known.find((row) => row.id === member.id);
    if (!found)
      errors.push(
        fieldError(`Members.${index}.id`, say(accessMessages.notFound, { thing: "Member" })),
      );
    else if (found.household_id !== householdId)
      errors.push(
        fieldError(`Members.${index}.id`, say(householdMessages.memberOfAnotherHousehold)),
      );
  });

  if (phones.size) {
    let taken = trx
      .selectFrom("household_members")
      .select("phone_number")
      .where("phone_number", "in", [...phones.keys()]);
    if (householdId !== null) taken = taken.where("household_id", "<>", householdId);
    for (const row of await taken.execute())
      errors.push(
        fieldError(
          `Members.${phones.get(row.phone_number!)}.PhoneNumber`,
          say(householdMessages.phoneOfAnotherHousehold),
        ),
      );
  }
  return errors;
}

async function basisProblems(
  trx: Transaction<Database>,
  basisId: number | null | undefined,
): Promise<FieldError[]> {
  if (basisId === null || basisId === undefined) return [];
  const basis = await trx
    .selectFrom("eligibility_bases")
    .select("id")
    .where("id", "=", basisId)
    .executeTakeFirst();
  return basis
    ? []
    : [fieldError("EligibilityBasisId", say(householdMessages.unknownEligibilityBasis))];
}

export const refused = (errors: FieldError[]) =>
  new HttpError(422, say(fieldMessages.validationFailed), errors);

/** A member's columns as written from what staff sent. */
const memberValues = (member: HouseholdMemberInput, now: Date) => ({
  first_name: member.FirstName,
  last_name: member.LastName,
  phone_number: member.PhoneNumber ?? null,
  birth_date: member.BirthDate ?? null,
  relationship: member.Relationship || null,
  updated_at: now,
});

/**
 * Writes in one transaction, or nothing: a phone another household took between the check and
 * the write is the check's 422 again, found by the check itself.
 */
async function writing<T>(
  db: Kysely<Database>,
  write: (trx: Transaction<Database>) => Promise<T>,
  recheck: (trx: Transaction<Database>) => Promise<FieldError[]>,
): Promise<T> {
  try {
    return await db.transaction().execute(write);
  } catch (error) {
    if (!isHouseholdPhoneTaken(error)) throw error;
    const errors = await db.transaction().execute(recheck);
    throw errors.length ? refused(errors) : error;
  }
}

export async function createHousehold(
  db: Kysely<Database>,
  input: HouseholdCreateInput,
  now: Date,
  actor: AuditActor,
): Promise<number> {
  const size = input.Size ?? input.Members.length;
  const check = async (trx: Transaction<Database>) => [
    ...(await memberProblems(trx, null, input.Members, size, now)),
    ...(await basisProblems(trx, input.EligibilityBasisId)),
  ];
  return writing(
    db,
    async (trx) => {
      const errors = await check(trx);
      if (errors.length) throw refused(errors);
      const { id } = await trx
        .insertInto("households")
        .values({
          address_line1: input.AddressLine1,
          zip: input.Zip,
          size,
          eligibility_basis_id: input.EligibilityBasisId ?? null,
          certified_at: input.CertifiedAt ?? null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("household_members")
        .values(
          input.Members.map((member) => ({
            household_id: id,
            ...memberValues(member, now),
            created_at: now,
          })),
        )
        .execute();
      await recordAudit(
        trx,
        actor,
        {
          action: "household.create",
          subjectType: "household",
          subjectId: id,
          details: { members: input.Members.length },
        },
        now,
      );
      return id;
    },
    check,
  );
}

/**
 * Changes a household: fields left out keep their values; Members, when sent, is the whole list
 * (each with an id changed, each without added, those left out removed). The household's row is
 * locked first, so two edits of one household run one after the other.
 */
export async function updateHousehold(
  db: Kysely<Database>,
  { id, Members, ...fields }: HouseholdUpdateInput,
  now: Date,
  actor: AuditActor,
): Promise<void> {
  const check = async (trx: Transaction<Database>) => {
    const household = await trx
      .selectFrom("households")
      .selectAll()
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!household) throw notFound("Household");
    const count = Members
      ? Members.length
      : Number(
          (
            await trx
              .selectFrom("household_members")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("household_id", "=", id)
              .executeTakeFirstOrThrow()
          ).n,
        );
    const size = fields.Size ?? household.size;
    const errors = [
      ...(Members
        ? await memberProblems(trx, id, Members, size, now)
        : size < count
          ? [fieldError("Size", say(householdMessages.sizeBelowMembers, { count }))]
          : []),
      ...(await basisProblems(trx, fields.EligibilityBasisId)),
    ];
    return { household, errors };
  };
  await writing(
    db,
    async (trx) => {
      const { household, errors } = await check(trx);
      if (errors.length) throw refused(errors);
      const changed: string[] = changedFields([
        ["AddressLine1", household.address_line1, fields.AddressLine1],
        ["Zip", household.zip, fields.Zip],
        ["Size", household.size, fields.Size],
        ["EligibilityBasisId", household.eligibility_basis_id, fields.EligibilityBasisId],
        [
          "CertifiedAt",
          household.certified_at?.toISOString() ?? null,
          fields.CertifiedAt === undefined
            ? undefined
            : fields.CertifiedAt && new Date(fields.CertifiedAt).toISOString(),
        ],
      ]);
      if (Members) {
        await replaceMembers(trx, id, Members, now);
        changed.push("Members");
      }
      await trx
        .updateTable("households")
        // Kysely leaves undefined values out of the UPDATE: a field not sent keeps its value.
        .set({
          address_line1: fields.AddressLine1,
          zip: fields.Zip,
          size: fields.Size,
          eligibility_basis_id: fields.EligibilityBasisId,
          certified_at: fields.CertifiedAt,
          updated_at: now,
        })
        .where("id", "=", id)
        .execute();
      if (changed.length)
        await recordAudit(
          trx,
          actor,
          {
            action: "household.update",
            subjectType: "household",
            subjectId: id,
            details: { fields: changed },
          },
          now,
        );
    },
    async (trx) => (await check(trx)).errors,
  );
}

/** The household's members become the list sent: changed, added, and the others removed. */
async function replaceMembers(
  trx: Transaction<Database>,
  householdId: number,
  members: HouseholdMemberInput[],
  now: Date,
) {
  const kept = members.flatMap((member) => (member.id === undefined ? [] : [member.id]));
  let removal = trx.deleteFrom("household_members").where("household_id", "=", householdId);
  if (kept.length) removal = removal.where("id", "not in", kept);
  await removal.execute();
  // Numbers moved between members of the household (swapped, say) are let go first: the index
  // holds one member per number at every row, not only at the end.
  if (kept.length)
    await trx
      .updateTable("household_members")
      .set({ phone_number: null })
      .where("id", "in", kept)
      .execute();
  for (const member of members) {
    if (member.id === undefined) continue;
    await trx
      .updateTable("household_members")
      .set(memberValues(member, now))
      .where("id", "=", member.id)
      .where("household_id", "=", householdId)
      .execute();
  }
  const added = members.filter((member) => member.id === undefined);
  if (added.length)
    await trx
      .insertInto("household_members")
      .values(
        added.map((member) => ({
          household_id: householdId,
          ...memberValues(member, now),
          created_at: now,
        })),
      )
      .execute();
}

/** What erasure leaves of a member: the row, counted still, naming nobody. */
const erasedMember = (now: Date) => ({
  first_name: "",
  last_name: "",
  phone_number: null,
  birth_date: null,
  relationship: null,
  erased_at: now,
  updated_at: now,
});

/**
 * Retention: households untouched since `before` whose every visit began before it and has
 * ended (as erased visits have) lose their address line and their members' details; the rows stay,
 * so households and people are counted as before. How many households were erased.
 */
export async function eraseHouseholdsBefore(
  trx: Transaction<Database>,
  before: Date,
  now: Date,
): Promise<number> {
  const stale = trx
    .selectFrom("households")
    .select("households.id")
    .where("households.erased_at", "is", null)
    .where("households.updated_at", "<", before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("visits")
            .select("visits.id")
            .whereRef("visits.household_id", "=", "households.id")
            .where((eb) =>
              eb.or([eb("visits.time_in", ">=", before), eb("visits.time_out", "is", null)]),
            ),
        ),
      ),
    );
  await trx
    .updateTable("household_members")
    .set(erasedMember(now))
    .where("household_id", "in", stale)
    .where("erased_at", "is", null)
    .execute();
  const result = await trx
    .updateTable("households")
    .set({ address_line1: "", erased_at: now, updated_at: now })
    .where("id", "in", stale)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * A request to be forgotten: the member with this phone loses their details, and their household
 * its address line once no member is left unerased. The rows stay, counted.
 */
export async function eraseHouseholdMemberOf(
  trx: Transaction<Database>,
  phoneNumber: string,
  now: Date,
): Promise<void> {
  const erased = await trx
    .updateTable("household_members")
    .set(erasedMember(now))
    .where("phone_number", "=", phoneNumber)
    .returning("household_id")
    .executeTakeFirst();
  if (!erased) return;
  await trx
    .updateTable("households")
    .set({ address_line1: "", erased_at: now, updated_at: now })
    .where("id", "=", erased.household_id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("household_members")
            .select("household_members.id")
            .whereRef("household_members.household_id", "=", "households.id")
            .where("household_members.erased_at", "is", null),
        ),
      ),
    )
    .execute();
}

export async function listEligibilityBases(db: Executor) {
  return db.selectFrom("eligibility_bases").selectAll().orderBy("id").execute();
}

export async function createEligibilityBasis(
  db: Kysely<Database>,
  label: { en: string; es: string },
  now: Date,
  actor: AuditActor,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("eligibility_bases")
      .values({ label: JSON.stringify(label), created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      {
        action: "eligibility_basis.create",
        subjectType: "eligibility_basis",
        subjectId: row.id,
        details: { label: label.en },
      },
      now,
    );
    return row;
  });
}

/** How many of a household's visits its page lists, newest first. */
export const householdVisitsShown = 50;

/**
 * A household's latest visits with their location's and program's names: at the caller's
 * locations alone (undefined: every one).
 */
export async function householdVisits(
  db: Executor,
  householdId: number,
  locationIds?: readonly number[],
) {
  let query = db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("programs", "programs.id", "visits.program_id")
    .selectAll("visits")
    .select([
      "locations.name as location_name",
      "programs.name as program_name",
      "programs.name_es as program_name_es",
    ])
    .where("visits.household_id", "=", householdId);
  if (locationIds)
    query = locationIds.length
      ? query.where("visits.location_id", "in", locationIds)
      : query.where(sql<boolean>`false`);
  return query
    .orderBy("visits.time_in", "desc")
    .orderBy("visits.id", "desc")
    .limit(householdVisitsShown)
    .execute();
}
