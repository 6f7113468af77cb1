import { sql } from "@vsi/db";
import type { RawBuilder } from "kysely";
import type { Build } from "./build.ts";
import { withDb } from "./pg.ts";

/** Where the seeded history's households and members start: ids after those already there. */
export interface HistoryHouseholds {
  householdBase: number;
  memberBase: number;
  households: number;
}

/** People per household in the seeded history: person `p` is household `p / 3`'s member. */
const perHousehold = 3;

/**
 * The history's people as households of three, each person a member (a birth date for four in
 * five), before its visits are seeded; undefined on a build without households. Ids are given
 * here, so that the visits' statement can name a person's household and member without a join.
 */
export async function seedHistoryHouseholds(
  build: Build,
  people: number,
): Promise<HistoryHouseholds | undefined> {
  return withDb(build.database, async (db) => {
    const { rows } = await sql<{ found: string | null }>`
      select to_regclass('households') as found`.execute(db);
    if (!rows[0]?.found) return undefined;
    const bases = await sql<{ household_base: number; member_base: number }>`
      select (select coalesce(max(id), 0) from households) as household_base,
             (select coalesce(max(id), 0) from household_members) as member_base`.execute(db);
    const householdBase = bases.rows[0]!.household_base;
    const memberBase = bases.rows[0]!.member_base;
    const households = Math.ceil(people / perHousehold);
    await sql`
      insert into households (id, address_line1, zip, size, created_at, updated_at)
      select ${householdBase} + 1 + h, h || ' History Rd', (94100 + h % 60)::text, ${perHousehold},
             now() - interval '730 days', now() - interval '730 days'
      from generate_series(0, ${households - 1}::int) h`.execute(db);
    await sql`
      insert into household_members (id, household_id, first_name, last_name, birth_date)
      select ${memberBase} + 1 + p, ${householdBase} + 1 + p / ${perHousehold},
             'Visitor' || (p % 5000), 'History' || (p % 3001),
             case when p % 5 <> 0 then date '1935-01-01' + (p * 37 % 30000) end
      from generate_series(0, ${people - 1}::int) p`.execute(db);
    // The sequences past the ids given, for the households made after.
    await sql`select setval(pg_get_serial_sequence('households', 'id'), (select max(id) from households)),
                     setval(pg_get_serial_sequence('household_members', 'id'), (select max(id) from household_members))`.execute(
      db,
    );
    await sql`analyze households`.execute(db);
    await sql`analyze household_members`.execute(db);
    return { householdBase, memberBase, households };
  });
}

/**
 * A seeded visit's household, party and members who came, for person `p` (visit `g`): a
 * household's first member comes with all three (a party of three or four), the others alone or
 * with one more not listed.
 */
export function historyHouseholdColumns(seeded: HistoryHouseholds | undefined): {
  names: RawBuilder<unknown>;
  values: RawBuilder<unknown>;
} {
  if (!seeded) return { names: sql``, values: sql`` };
  const member = (offset: number) => sql`${seeded.memberBase} + 1 + p + ${offset}`;
  return {
    names: sql`, household_id, party_size, household_member_ids`,
    values: sql`, ${seeded.householdBase} + 1 + p / ${perHousehold},
      case when p % ${perHousehold} = 0 then 3 + g % 2 else 1 + g % 2 end,
      case when p % ${perHousehold} = 0 then array[${member(0)}, ${member(1)}, ${member(2)}]
           else array[${member(0)}] end`,
  };
}
