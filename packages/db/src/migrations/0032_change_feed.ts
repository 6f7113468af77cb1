import { sql, type Kysely } from "kysely";

// A visit's change is announced by a row in the change feed instead of a NOTIFY. A transaction that
// notifies holds PostgreSQL's one lock for notifying commits until its commit has reached the disk,
// so every sign-in waited for the one before it to flush. Each server process reads the feed by
// transaction id (@vsi/db notifications), which needs no lock and hands the same payloads to
// the same listeners. Unlogged: the rows matter for a minute, and a crash ends every reader's
// connection, whose reconnection asks every sheet to refresh anyway.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table change_feed (
    xid xid8 not null default pg_current_xact_id(),
    written_at timestamptz not null default now(),
    channel text not null,
    payload text not null
  )`.execute(db);
  await sql`create index change_feed_xid_idx on change_feed (xid)`.execute(db);
  await sql`create function vsi_feed(channel text, payload text) returns void language plpgsql as $$
    begin
      insert into change_feed (channel, payload) values (channel, payload);
    end
  $$`.execute(db);
  // 0007's announcing function, each payload written to the feed instead of sent by pg_notify.
  await sql`
    create or replace function vsi_visits_notify() returns trigger language plpgsql as $$
    declare
      many boolean;
    begin
      if tg_op = 'DELETE' then
        many := (select count(*) from (select 1 from old_rows limit 51) s) > 50;
      else
        many := (select count(*) from (select 1 from new_rows limit 51) s) > 50;
      end if;
      if many then
        if tg_op = 'DELETE' then
          perform vsi_feed('vsi_visits', json_build_object('locationId', l, 'kind', 'refresh')::text)
          from (select distinct location_id as l from old_rows) s;
        else
          perform vsi_feed('vsi_visits', json_build_object('locationId', l, 'kind', 'refresh')::text)
          from (select distinct location_id as l from new_rows) s;
        end if;
      elsif tg_op = 'INSERT' then
        perform vsi_feed('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'in')::text)
        from new_rows;
      elsif tg_op = 'UPDATE' then
        perform vsi_feed('vsi_visits', json_build_object(
          'locationId', n.location_id, 'programId', n.program_id, 'visitId', n.id,
          'kind', case when o.time_out is null and n.time_out is not null then 'out' else 'changed' end)::text)
        from new_rows n join old_rows o on o.id = n.id;
        -- A visit moved to another location leaves the old one's sheet.
        perform vsi_feed('vsi_visits', json_build_object('locationId', o.location_id, 'programId', o.program_id, 'visitId', o.id, 'kind', 'deleted')::text)
        from new_rows n join old_rows o on o.id = n.id
        where o.location_id <> n.location_id or o.program_id <> n.program_id;
      else
        perform vsi_feed('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'deleted')::text)
        from old_rows;
      end if;
      return null;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // 0007's announcing function, as it was.
  await sql`
    create or replace function vsi_visits_notify() returns trigger language plpgsql as $$
    declare
      many boolean;
    begin
      if tg_op = 'DELETE' then
        many := (select count(*) from (select 1 from old_rows limit 51) s) > 50;
      else
        many := (select count(*) from (select 1 from new_rows limit 51) s) > 50;
      end if;
      if many then
        if tg_op = 'DELETE' then
          perform pg_notify('vsi_visits', json_build_object('locationId', l, 'kind', 'refresh')::text)
          from (select distinct location_id as l from old_rows) s;
        else
          perform pg_notify('vsi_visits', json_build_object('locationId', l, 'kind', 'refresh')::text)
          from (select distinct location_id as l from new_rows) s;
        end if;
      elsif tg_op = 'INSERT' then
        perform pg_notify('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'in')::text)
        from new_rows;
      elsif tg_op = 'UPDATE' then
        perform pg_notify('vsi_visits', json_build_object(
          'locationId', n.location_id, 'programId', n.program_id, 'visitId', n.id,
          'kind', case when o.time_out is null and n.time_out is not null then 'out' else 'changed' end)::text)
        from new_rows n join old_rows o on o.id = n.id;
        -- A visit moved to another location leaves the old one's sheet.
        perform pg_notify('vsi_visits', json_build_object('locationId', o.location_id, 'programId', o.program_id, 'visitId', o.id, 'kind', 'deleted')::text)
        from new_rows n join old_rows o on o.id = n.id
        where o.location_id <> n.location_id or o.program_id <> n.program_id;
      else
        perform pg_notify('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'deleted')::text)
        from old_rows;
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`drop function vsi_feed(text, text)`.execute(db);
  await sql`drop table change_feed`.execute(db);
}
