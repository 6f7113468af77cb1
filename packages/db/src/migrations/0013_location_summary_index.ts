import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A location's report and summary read that location's range of this index; carrying what the
  // summary reads (program, phone, time out) makes a location's month an index-only scan of its
  // own entries, not of every location's month in visits_time_in_idx. Replaced rather than added,
  // so a sign-in writes the same number of index entries.
  await sql`drop index visits_location_time_in_idx`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in desc, id desc) include (program_id, phone_number, time_out)`.execute(
    db,
  );
  await sql`analyze visits`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_location_time_in_idx`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in desc, id desc)`.execute(
    db,
  );
}
