import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { pageSize } from "../kernel/pagination.ts";
import { membersOf, seenAt, withMembers, type HouseholdWithMembers } from "./queries.ts";
import { duplicateFields, type DuplicateField } from "./schema.ts";

export interface Duplicate {
  a: HouseholdWithMembers;
  b: HouseholdWithMembers;
  matched: DuplicateField[];
}

/**
 * Pairs of households that may be one. Link2Feed's rule: a member of each, with the households'
 * address lines, agree on three of first name, last name, birth date and address line 1, names
 * alike (`names_alike`, migration 0055: misspellings pass), addresses written alike without case,
 * spaces or punctuation; so two families at one address, even of one last name, are not a pair.
 * Or they share a phone number (a member's, or one a visit of the other was signed in with: a
 * number is one member's at a time, so an old household keeps its number only on its visits).
 * Three of the four hold only with the birth date or the address equal, so only members sharing
 * one of those are compared. Both households the caller may see (`seenAt`); newest pairs first, a
 * page of them, and how many there are. Never merged here: staff decide.
 */
export async function listDuplicates(
  db: Executor,
  page: number,
  locationIds?: readonly number[],
): Promise<{ duplicates: Duplicate[]; total: number }> {
  const visible = db.selectFrom("households").select("households.id").where(seenAt(locationIds));
  const { rows } = await sql<{ a: number; b: number; fields: DuplicateField[] }>`
    with people as (
      select m.household_id, m.first_name, m.last_name, m.birth_date,
          lower(regexp_replace(h.address_line1, '[^[:alnum:]]', '', 'g')) as address
        from household_members m join households h on h.id = m.household_id
        where m.household_id in ${visible}
    ),
    compared as (
      select x.household_id as a, y.household_id as b, array_remove(array[
          case when x.address <> '' and x.address = y.address then 'AddressLine1' end,
          case when names_alike(x.first_name, y.first_name) then 'FirstName' end,
          case when names_alike(x.last_name, y.last_name) then 'LastName' end,
          case when x.birth_date = y.birth_date then 'BirthDate' end], null) as fields
        from people x join people y on y.household_id > x.household_id
          and y.birth_date = x.birth_date
      union all
      select x.household_id, y.household_id, array_remove(array[
          'AddressLine1',
          case when names_alike(x.first_name, y.first_name) then 'FirstName' end,
          case when names_alike(x.last_name, y.last_name) then 'LastName' end], null)
        from people x join people y on y.household_id > x.household_id
          and y.address = x.address and x.address <> ''
          -- Those the first join compared left out; two unknown birth dates are no match.
          and (y.birth_date = x.birth_date) is not true
    ),
    phones as (
      select distinct household_id, key from (
        select m.household_id, m.phone_number as key
          from household_members m where m.phone_number is not null
        union all
        select v.household_id, v.phone_number
          from visits v where v.household_id is not null and v.phone_number <> ''
      ) found
      where household_id in ${visible}
    ),
    matched as (
      select a, b, unnest(fields) as field from compared where cardinality(fields) >= 3
      union all
      select x.household_id, y.household_id, 'PhoneNumber'
        from phones x join phones y on y.key = x.key and y.household_id > x.household_id
    )
    select a, b, array_agg(distinct field) as fields
      from matched
      group by a, b
      order by b desc, a desc`.execute(db);
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
      matched: duplicateFields.filter((field) => pair.fields.includes(field)),
    })),
    total: rows.length,
  };
}
