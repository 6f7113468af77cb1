import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who ended a visit. Null while it is open, and on visits closed before this was recorded.
  await sql`alter table visits add column signed_out_by text
    constraint visits_signed_out_by_check check (signed_out_by in ('visitor', 'staff', 'auto'))
    constraint visits_signed_out_by_closed_check check (signed_out_by is null or time_out is not null)`.execute(
    db,
  );
  // A location's clock: the automatic sign-out time is local to it, whatever zone the server is in.
  await sql`alter table locations
    add column time_zone text not null default 'America/Los_Angeles',
    add column auto_sign_out_time time,
    add column max_stay_minutes integer constraint locations_max_stay_minutes_check check (max_stay_minutes > 0)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations drop column max_stay_minutes, drop column auto_sign_out_time, drop column time_zone`.execute(
    db,
  );
  await sql`alter table visits drop column signed_out_by`.execute(db);
}
