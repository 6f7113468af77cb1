import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { pageSize } from "../kernel/pagination.ts";
import { membersOf, seenAt, withMembers, type HouseholdWithMembers } from "./queries.ts";
import { duplicateFields, type DuplicateField } from "./schema.ts";

/** What each kind of shared key says the two households have in common. */
const fieldsOf: Record<string, DuplicateField[]> = {
  phone: ["PhoneNumber"],
  address: ["AddressLine1", "Zip"],
  person: ["FirstName", "LastName", "BirthDate"],
};

export interface Duplicate {
  a: HouseholdWithMembers;
  b: HouseholdWithMembers;
  matched: DuplicateField[];
}

/**
 * Pairs of households that may be one: they share a phone number (a member's, or one a visit of
 * the other was signed in with: a number is one member's at a time, so an old household keeps its
 * number only on its visits), an address line and ZIP (compared without case, spaces or
 * punctuation), or a member's first and last name (the same way) and birth date. Both households
 * the caller may see (`seenAt`); newest pairs first, a page of them, and how many there are. Never
 * merged here: staff decide.
 */
export async function listDuplicates(
  db: Executor,
  page: number,
  locationIds?: readonly number[],
): Promise<{ duplicates: Duplicate[]; total: number }> {
  const visible = db.selectFrom("households").select("households.id").where(seenAt(locationIds));
  const bare = (column: string) =>
    sql.raw(`lower(regexp_replace(${column}, '[^[:alnum:]]', '', 'g'))`);
  const { rows } = await sql<{ a: number; b: number; kinds: string[] }>`
    with keys as (
      select distinct household_id, kind, key from (
        select m.household_id, 'phone' as kind, m.phone_number as key
          from household_members m where m.phone_number is not null
        union all
        select v.household_id, 'phone', v.phone_number
          from visits v where v.household_id is not null and v.phone_number <> ''
        union all
        select h.id, 'address', ${bare("h.address_line1")} || ' ' || left(h.zip, 5)
          from households h where ${bare("h.address_line1")} <> ''
        union all
        select m.household_id, 'person',
            ${bare("m.first_name")} || ' ' || ${bare("m.last_name")} || ' ' || m.birth_date::text
          from household_members m
          where m.birth_date is not null and ${bare("m.first_name")} <> ''
      ) found
      where household_id in ${visible}
    )
    select x.household_id as a, y.household_id as b, array_agg(distinct x.kind) as kinds
      from keys x
      join keys y on y.kind = x.kind and y.key = x.key and y.household_id > x.household_id
      group by x.household_id, y.household_id
      order by y.household_id desc, x.household_id desc`.execute(db);
  const shown = rows.slice((page - 1) * pageSize, page * pageSize);
  const ids = [...new Set(shown.flatMap((pair) => [pair.a, pair.b]))];
  const households = ids.length
    ? await db.selectFrom("households").selectAll().where("id", "in", ids).execute()
    : [];
  const found = new Map(
    withMembers(households, await membersOf(db, ids)).map((one) => [one.household.id, one]),
  );
  return {
    duplicates: shown.map((pair) => ({
      a: found.get(pair.a)!,
      b: found.get(pair.b)!,
      matched: duplicateFields.filter((field) =>
        pair.kinds.some((kind) => fieldsOf[kind]!.includes(field)),
      ),
    })),
    total: rows.length,
  };
}
