import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The report's time index also carries what the summary reads (location, program, phone, time
  // out), so a summary over a date range is an index-only scan of that range, however long the
  // history. Replaced rather than added: a sign-in still writes the same number of index entries.
  await sql`drop index visits_time_in_idx`.execute(db);
  await sql`create index visits_time_in_idx on visits (time_in desc, id desc) include (location_id, program_id, phone_number, time_out)`.execute(
    db,
  );
  // Programs are offered at some locations only: without these statistics the planner multiplies
  // the two filters' shares, and the report's estimated total could overshoot for a pair that
  // never occurs.
  await sql`create statistics visits_location_program_stats (mcv, dependencies) on location_id, program_id from visits`.execute(
    db,
  );
  await sql`analyze visits`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop statistics visits_location_program_stats`.execute(db);
  await sql`drop index visits_time_in_idx`.execute(db);
  await sql`create index visits_time_in_idx on visits (time_in desc, id desc)`.execute(db);
}
