import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A site's thermometer unit (its plausibility range follows it) and its logo on the sheet.
  await sql`alter table locations
    add column temperature_unit text not null default 'F' constraint locations_temperature_unit_check check (temperature_unit in ('F', 'C')),
    add column logo_file_id integer references files (id) on delete set null`.execute(db);

  // Set when retention or a request to be forgotten blanked the visitor's details; the visit
  // itself (date, place, program, times) stays so counts stay right.
  await sql`alter table visits add column erased_at timestamptz`.execute(db);

  // Instance-wide settings: one row, so a setting is a column with a type and a check.
  await sql`create table settings (
    id integer primary key default 1 constraint settings_one_row_check check (id = 1),
    erase_after_days integer constraint settings_erase_after_days_check check (erase_after_days between 1 and 36500),
    retention_ran_at timestamptz,
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into settings (id) values (1)`.execute(db);

  // Who did what and when. No foreign keys to what it names: the record outlives a deleted
  // location or user. Never a visitor's name or phone, so retention leaves nothing behind here.
  await sql`create table audit_log (
    id serial primary key,
    at timestamptz not null default now(),
    actor text not null constraint audit_log_actor_check check (actor in ('user', 'tablet', 'system')),
    user_id integer,
    tablet_id integer,
    action text not null,
    subject_type text,
    subject_id integer,
    location_id integer,
    details jsonb not null default '{}'::jsonb
  )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_action_at_idx on audit_log (action, at desc, id desc)`.execute(
    db,
  );
  await sql`create index audit_log_location_at_idx on audit_log (location_id, at desc, id desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_log`.execute(db);
  await sql`drop table settings`.execute(db);
  await sql`alter table visits drop column erased_at`.execute(db);
  await sql`alter table locations drop column logo_file_id, drop column temperature_unit`.execute(
    db,
  );
}
