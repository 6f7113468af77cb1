import { sql, type Kysely } from "kysely";

// A household's visits by time, with their location and program: whether a household came to a
// place before a period (the funder summary's new households) and its visits towards a limit are
// then read from the index alone, not from a visit row fetched for each household.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_household_idx`.execute(db);
  await sql`create index visits_household_idx on visits (household_id, time_in)
    include (location_id, program_id) where household_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_household_idx`.execute(db);
  await sql`create index visits_household_idx on visits (household_id, time_in)
    where household_id is not null`.execute(db);
}
