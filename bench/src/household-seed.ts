import { sql } from "@vsi/db";
import { withDb } from "./pg.ts";

/** A household the bench made: its members' ids and the phone of its first member, who signs in. */
export interface SeededHousehold {
  id: number;
  memberIds: number[];
  phone: string;
}

/** Members per household: a parent with a phone, two more with birth dates. */
export const householdMembers = 3;

/**
 * `count` households of three members (birth dates spread over 70 years, the first member's phone
 * in a range no other visitor of the bench uses), in two statements, as staff would have made
 * them one by one; then ANALYZE, as autovacuum would.
 */
export async function seedHouseholds(database: string, count: number) {
  return withDb(database, async (db) => {
    const { rows } = await sql<{ id: number; member_ids: number[]; phone: string }>`
      with made as (
        insert into households (address_line1, zip, size)
        select g || ' Pantry Way', (94100 + g % 60)::text, ${householdMembers}
        from generate_series(1, ${count}::int) g
        returning id
      ), numbered as (select id, row_number() over (order by id) as n from made),
      members as (
        insert into household_members (household_id, first_name, last_name, phone_number, birth_date)
        select id, 'Member' || k, 'Household' || n,
               case when k = 1 then (3000000000 + n)::text end,
               date '1950-01-01' + ((n * 7 + k * 3001) % 25000)::int
        from numbered cross join generate_series(1, ${householdMembers}) k
        returning id, household_id, phone_number
      )
      select household_id as id, array_agg(id order by id) as member_ids, max(phone_number) as phone
      from members group by household_id order by household_id`.execute(db);
    await sql`analyze households`.execute(db);
    await sql`analyze household_members`.execute(db);
    return rows.map((row): SeededHousehold => ({
      id: row.id,
      memberIds: row.member_ids,
      phone: row.phone,
    }));
  });
}
