import { sql, type Kysely } from "kysely";

// A roll call: who was signed in at a location when it started, frozen, each person marked safe or
// not by staff. One open roll call per location. Each change is announced on `vsi_roll_calls`, so
// every device with it open (and the location's tablets, for their banner) hears it at commit.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table roll_calls (
    id serial primary key,
    location_id integer not null references locations (id) on delete cascade,
    drill boolean not null default false,
    started_at timestamptz not null,
    started_by integer references users (id) on delete set null,
    ended_at timestamptz,
    ended_by integer references users (id) on delete set null
  )`.execute(db);
  await sql`create unique index roll_calls_open_idx on roll_calls (location_id)
    where ended_at is null`.execute(db);
  await sql`create index roll_calls_location_idx on roll_calls (location_id, started_at)`.execute(
    db,
  );
  // Names are copied, not joined: the record stands as it was when the alarm sounded.
  await sql`create table roll_call_people (
    id serial primary key,
    roll_call_id integer not null references roll_calls (id) on delete cascade,
    visit_id integer references visits (id) on delete set null,
    name text not null,
    program text,
    safe boolean not null default false,
    marked_at timestamptz,
    marked_by integer references users (id) on delete set null,
    erased_at timestamptz
  )`.execute(db);
  await sql`create index roll_call_people_roll_call_idx on roll_call_people (roll_call_id)`.execute(
    db,
  );
  // One message per roll call a statement touched: starting one with 200 people is one message.
  await sql`
    create function vsi_roll_calls_notify() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'roll_calls' then
        perform pg_notify('vsi_roll_calls', json_build_object(
          'locationId', r.location_id, 'rollCallId', r.id, 'open', r.ended_at is null)::text)
        from changed_rows r;
      else
        perform pg_notify('vsi_roll_calls', json_build_object(
          'locationId', r.location_id, 'rollCallId', r.id, 'open', r.ended_at is null)::text)
        from roll_calls r where r.id in (select roll_call_id from changed_rows);
      end if;
      return null;
    end
    $$
  `.execute(db);
  for (const table of ["roll_calls", "roll_call_people"])
    for (const op of ["insert", "update"])
      await sql`create trigger ${sql.raw(`${table}_notify_${op}`)} after ${sql.raw(op)}
        on ${sql.raw(table)} referencing new table as changed_rows
        for each statement execute function vsi_roll_calls_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table roll_call_people`.execute(db);
  await sql`drop table roll_calls`.execute(db);
  await sql`drop function vsi_roll_calls_notify()`.execute(db);
}
