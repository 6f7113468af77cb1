import { sql, type Kysely } from "kysely";

// The door: a visitor signs in on their own phone from a poster's QR code. A location lets them
// (self_sign_in, off until staff turn it on) through its door code; a new code replaces the old,
// which is kept so an old poster can say it is out of date rather than "not found". A phone keeps
// its visit by a per-visit secret, stored only as its hash. Every visit says where it was signed in
// from; visits from before this are the tablet's when a tablet's audit row wrote them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations add column self_sign_in boolean not null default false`.execute(
    db,
  );
  await sql`create table door_codes (
    code text primary key,
    location_id integer not null references locations (id) on delete cascade,
    created_at timestamptz not null default now(),
    replaced_at timestamptz
  )`.execute(db);
  await sql`create unique index door_codes_current_idx on door_codes (location_id)
    where replaced_at is null`.execute(db);
  await sql`alter table visits add column signed_in_from text not null default 'staff'
    check (signed_in_from in ('tablet', 'phone', 'staff'))`.execute(db);
  await sql`update visits set signed_in_from = 'tablet' where exists (
    select 1 from audit_log where audit_log.action = 'visit.sign_in'
      and audit_log.subject_id = visits.id and audit_log.tablet_id is not null)`.execute(db);
  await sql`create table door_visits (
    token_hash text primary key,
    visit_id integer not null unique references visits (id) on delete cascade
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table door_visits`.execute(db);
  await sql`alter table visits drop column signed_in_from`.execute(db);
  await sql`drop table door_codes`.execute(db);
  await sql`alter table locations drop column self_sign_in`.execute(db);
}
