import { sql, type Kysely } from "kysely";

// A visitor's own phone may sign in with a number someone used before without showing that it is
// that person's phone (the door's poster is public). Such a visit is kept and counted, but marked
// unproven: the names and answers remembered for the number stay those of its proven visits, and
// it never takes the number's one open visit, so its answer cannot tell whether that person is here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visits add column unproven boolean not null default false`.execute(db);
  await sql`drop index visits_one_open_idx`.execute(db);
  await sql`create unique index visits_one_open_idx on visits (location_id, program_id, phone_number)
    where time_out is null and not unproven`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to one open visit per number: an unproven one still open ends as it began.
  await sql`update visits set time_out = time_in, signed_out_by = 'auto'
    where unproven and time_out is null`.execute(db);
  await sql`drop index visits_one_open_idx`.execute(db);
  await sql`create unique index visits_one_open_idx on visits (location_id, program_id, phone_number) where time_out is null`.execute(
    db,
  );
  await sql`alter table visits drop column unproven`.execute(db);
}
