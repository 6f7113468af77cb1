import { sql, type Kysely } from "kysely";

// The time indexes also carry each visit's household, party size and members who came: the funder
// summary's households, individuals and ages over a period are then read from an index alone, as
// its people already are, instead of from a visit row fetched for each of a year's visits. A visit
// without a household adds three empty columns to its entry.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_time_in_idx`.execute(db);
  await sql`create index visits_time_in_idx on visits (time_in, id)
    include (location_id, program_id, time_out, visitor_key, household_id, party_size,
             household_member_ids)
    with (fillfactor = 100)`.execute(db);
  await sql`drop index visits_location_time_in_idx`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in)
    include (program_id, time_out, visitor_key, household_id, party_size, household_member_ids)
    with (fillfactor = 100)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_time_in_idx`.execute(db);
  await sql`create index visits_time_in_idx on visits (time_in, id)
    include (location_id, program_id, time_out, visitor_key) with (fillfactor = 100)`.execute(db);
  await sql`drop index visits_location_time_in_idx`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in)
    include (program_id, time_out, visitor_key) with (fillfactor = 100)`.execute(db);
}
