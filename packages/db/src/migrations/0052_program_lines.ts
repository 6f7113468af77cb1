import { sql, type Kysely } from "kysely";

// A program may have a line of its own at each location (a food line and a clothing line): its
// visits are numbered apart from the location's other programs, which share the location's line.
// A visit keeps the line it was numbered in (`queue_line`, the program's id; null: the
// location's), so a program that changes meanwhile leaves the day's numbers as they were given.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table programs add column own_queue boolean not null default false`.execute(db);
  await sql`alter table visits add column queue_line integer`.execute(db);
  // The last number given per location, local day and line (0: the location's shared line).
  await sql`alter table queue_days add column line integer not null default 0`.execute(db);
  await sql`alter table queue_days drop constraint queue_days_pkey,
    add primary key (location_id, day, line)`.execute(db);
  await sql`drop function queue_number_next(integer, timestamptz)`.execute(db);
  // The next number of the visit's local day in its line at its location (line null: the
  // location's), or null when the location's queue is off.
  await sql`create function queue_number_next(loc integer, at timestamptz, own_line integer)
    returns integer language plpgsql volatile as $$
    declare
      n integer;
    begin
      insert into queue_days as d (location_id, day, line, last_number)
        select l.id, (at at time zone l.time_zone)::date, coalesce(own_line, 0), 1 from locations l
        where l.id = loc and l.queue <> 'off'
        on conflict (location_id, day, line) do update set last_number = d.last_number + 1
        returning d.last_number into n;
      return n;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function queue_number_next(integer, timestamptz, integer)`.execute(db);
  await sql`create function queue_number_next(loc integer, at timestamptz) returns integer
    language plpgsql volatile as $$
    declare
      n integer;
    begin
      insert into queue_days as d (location_id, day, last_number)
        select l.id, (at at time zone l.time_zone)::date, 1 from locations l
        where l.id = loc and l.queue <> 'off'
        on conflict (location_id, day) do update set last_number = d.last_number + 1
        returning d.last_number into n;
      return n;
    end
  $$`.execute(db);
  await sql`delete from queue_days where line <> 0`.execute(db);
  await sql`alter table queue_days drop constraint queue_days_pkey,
    add primary key (location_id, day)`.execute(db);
  await sql`alter table queue_days drop column line`.execute(db);
  await sql`alter table visits drop column queue_line`.execute(db);
  await sql`alter table programs drop column own_queue`.execute(db);
}
