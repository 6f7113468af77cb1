import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Existing duplicates (the same phone signed in twice at one location and program): each older
  // open visit ends when the next one began, the way a new sign-in ends a forgotten one from now on.
  const sameVisitor = sql`n.time_out is null and n.location_id = v.location_id and n.program_id = v.program_id
    and n.phone_number = v.phone_number and (n.time_in, n.id) > (v.time_in, v.id)`;
  await sql`
    update visits v
    set time_out = greatest(v.time_in, (select min(n.time_in) from visits n where ${sameVisitor})), updated_at = now()
    where v.time_out is null and exists (select 1 from visits n where ${sameVisitor})
  `.execute(db);
  // One open visit per phone at a location and program: two tablets racing the same visitor in
  // cannot both win, whichever server process each one reaches.
  await sql`create unique index visits_one_open_idx on visits (location_id, program_id, phone_number) where time_out is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_one_open_idx`.execute(db);
}
