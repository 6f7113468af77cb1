import { sql, type Kysely } from "kysely";

// The line: a location may give each sign-in the next number of its day ("arrival"), or draw the
// order of those who came before a set time ("lottery"); staff call a number to a desk, then mark
// it served or not present. A now-serving screen reads the numbers with a code of its own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations
    add column queue text not null default 'off' check (queue in ('off', 'arrival', 'lottery')),
    add column lottery_at time`.execute(db);
  // All null while the queue is off: a sign-in there writes no more than before.
  await sql`alter table visits
    add column queue_number integer,
    add column queue_place integer,
    add column called_at timestamptz,
    add column called_to text,
    add column served_at timestamptz,
    add column no_show_at timestamptz`.execute(db);
  // The last number given per location and local day: the sign-in's own statement takes the next
  // one (the row locked to its commit), so two at once never get the same, and a rolled-back
  // sign-in gives its number back.
  await sql`create table queue_days (
    location_id integer not null references locations(id) on delete cascade,
    day date not null,
    last_number integer not null,
    primary key (location_id, day)
  )`.execute(db);
  // A lottery's draw, once per location and day: the seed it drew with and the visits it ordered,
  // so anyone can draw it again and get the same order.
  await sql`create table queue_draws (
    location_id integer not null references locations(id) on delete cascade,
    day date not null,
    seed text not null,
    visit_ids integer[] not null,
    drawn_at timestamptz not null,
    primary key (location_id, day)
  )`.execute(db);
  // A now-serving screen's code: it reads its location's numbers, never names.
  await sql`create table queue_screens (
    code text primary key,
    location_id integer not null references locations(id) on delete cascade,
    created_at timestamptz not null
  )`.execute(db);
  // Who waits and who is being served, per location: numbered visits only, so a location without
  // a queue writes no entry here.
  await sql`create index visits_queue_idx on visits (location_id, time_in)
    where queue_number is not null and served_at is null and no_show_at is null`.execute(db);
  // The next number of the visit's local day at its location, or null when its queue is off.
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
  // A call and a service are events of their own (visit.called, visit.served) for webhooks; the
  // feed says "changed" for both, as for any update.
  await sql`create or replace function visit_change(o visits, n visits) returns text language sql immutable as $$
    select case
      when o.erased_at is null and n.erased_at is not null then 'erased'
      when o.time_out is null and n.time_out is not null then 'signed_out'
      when o.called_at is null and n.called_at is not null then 'called'
      when o.served_at is null and n.served_at is not null then 'served'
      when (o.first_name, o.last_name, o.phone_number, o.temperature, o.time_in, o.time_out,
            o.signed_out_by, o.location_id, o.program_id, o.answers)
        is distinct from (n.first_name, n.last_name, n.phone_number, n.temperature, n.time_in,
            n.time_out, n.signed_out_by, n.location_id, n.program_id, n.answers)
        then 'updated'
      else 'unchanged'
    end
  $$`.execute(db);
  await sql`create or replace function vsi_visit_changed() returns trigger language plpgsql as $function$
    declare
      many boolean;
    begin
      -- 1. The change feed, for the live sheets and staff pages: every write, whoever listens.
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
          'kind', case visit_change(o, n) when 'signed_out' then 'out' else 'changed' end)::text)
        from new_rows n join old_rows o on o.id = n.id;
        -- A visit moved to another location leaves the old one's sheet.
        perform vsi_feed('vsi_visits', json_build_object('locationId', o.location_id, 'programId', o.program_id, 'visitId', o.id, 'kind', 'deleted')::text)
        from new_rows n join old_rows o on o.id = n.id
        where o.location_id <> n.location_id or o.program_id <> n.program_id;
      else
        perform vsi_feed('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'deleted')::text)
        from old_rows;
      end if;

      -- 2. An erased or deleted visit's details leave its earlier events (kept for their deliveries).
      -- Guarded: most updates (a sign-out) erase nothing, and need not look at the events at all.
      -- (Nested: a statement naming old_rows cannot even be planned in an INSERT's trigger.)
      if tg_op = 'UPDATE' then
        if exists (select 1 from new_rows n join old_rows o on o.id = n.id
            where visit_change(o, n) = 'erased') then
          update webhook_events ev set data = ev.data - webhook_personal_keys()
          from new_rows n join old_rows o on o.id = n.id
          where ev.visit_id = n.id and visit_change(o, n) = 'erased';
        end if;
      elsif tg_op = 'DELETE' then
        update webhook_events ev set data = ev.data - webhook_personal_keys()
        from old_rows o where ev.visit_id = o.id;
      end if;

      -- 3. The webhooks' and staff alerts' event, only when an endpoint or a subscriber wants it:
      -- a new row is a sign-in, a deleted row a deletion, an update what visit_change says it is.
      if not exists (select 1 from webhook_endpoints where enabled)
          and not exists (select 1 from staff_alert_recipients) then
        return null;
      end if;
      -- Each statement's transition tables exist only in its own kind of trigger.
      if tg_op = 'INSERT' then
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'visit.signed_in', v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
        from new_rows v
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, 'visit.signed_in', v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = 'visit.signed_in'
            and r.location_id = v.location_id and r.program_id = v.program_id)
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
      elsif tg_op = 'UPDATE' then
        if exists (select 1 from webhook_endpoints where enabled and events <> '["visit.signed_in"]')
            or exists (select 1 from staff_alert_recipients where event_type <> 'visit.signed_in') then
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end
        from new_rows v join old_rows o on o.id = v.id
        cross join lateral (select case visit_change(o, v)
            when 'erased' then 'visit.deleted'
            when 'signed_out' then 'visit.signed_out'
            when 'updated' then 'visit.updated'
            when 'called' then 'visit.called'
            when 'served' then 'visit.served'
          end::text as kind) k
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where k.kind is not null and (
          exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, k.kind, v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = k.kind
            and r.location_id = v.location_id and r.program_id = v.program_id))
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
        end if;
      else
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'visit.deleted', v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name) - webhook_personal_keys()
        from old_rows v
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, 'visit.deleted', v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = 'visit.deleted'
            and r.location_id = v.location_id and r.program_id = v.program_id)
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
      end if;
      return null;
    end
  $function$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function vsi_visit_changed() returns trigger language plpgsql as $function$
    declare
      many boolean;
    begin
      -- 1. The change feed, for the live sheets and staff pages: every write, whoever listens.
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
          'kind', case visit_change(o, n) when 'signed_out' then 'out' else 'changed' end)::text)
        from new_rows n join old_rows o on o.id = n.id;
        -- A visit moved to another location leaves the old one's sheet.
        perform vsi_feed('vsi_visits', json_build_object('locationId', o.location_id, 'programId', o.program_id, 'visitId', o.id, 'kind', 'deleted')::text)
        from new_rows n join old_rows o on o.id = n.id
        where o.location_id <> n.location_id or o.program_id <> n.program_id;
      else
        perform vsi_feed('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'deleted')::text)
        from old_rows;
      end if;

      -- 2. An erased or deleted visit's details leave its earlier events (kept for their deliveries).
      -- Guarded: most updates (a sign-out) erase nothing, and need not look at the events at all.
      -- (Nested: a statement naming old_rows cannot even be planned in an INSERT's trigger.)
      if tg_op = 'UPDATE' then
        if exists (select 1 from new_rows n join old_rows o on o.id = n.id
            where visit_change(o, n) = 'erased') then
          update webhook_events ev set data = ev.data - webhook_personal_keys()
          from new_rows n join old_rows o on o.id = n.id
          where ev.visit_id = n.id and visit_change(o, n) = 'erased';
        end if;
      elsif tg_op = 'DELETE' then
        update webhook_events ev set data = ev.data - webhook_personal_keys()
        from old_rows o where ev.visit_id = o.id;
      end if;

      -- 3. The webhooks' and staff alerts' event, only when an endpoint or a subscriber wants it:
      -- a new row is a sign-in, a deleted row a deletion, an update what visit_change says it is.
      if not exists (select 1 from webhook_endpoints where enabled)
          and not exists (select 1 from staff_alert_recipients) then
        return null;
      end if;
      -- Each statement's transition tables exist only in its own kind of trigger.
      if tg_op = 'INSERT' then
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'visit.signed_in', v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
        from new_rows v
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, 'visit.signed_in', v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = 'visit.signed_in'
            and r.location_id = v.location_id and r.program_id = v.program_id)
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
      elsif tg_op = 'UPDATE' then
        if exists (select 1 from webhook_endpoints where enabled and events <> '["visit.signed_in"]')
            or exists (select 1 from staff_alert_recipients where event_type <> 'visit.signed_in') then
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end
        from new_rows v join old_rows o on o.id = v.id
        cross join lateral (select case visit_change(o, v)
            when 'erased' then 'visit.deleted'
            when 'signed_out' then 'visit.signed_out'
            when 'updated' then 'visit.updated'
          end::text as kind) k
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where k.kind is not null and (
          exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, k.kind, v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = k.kind
            and r.location_id = v.location_id and r.program_id = v.program_id))
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
        end if;
      else
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'visit.deleted', v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name) - webhook_personal_keys()
        from old_rows v
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, 'visit.deleted', v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = 'visit.deleted'
            and r.location_id = v.location_id and r.program_id = v.program_id)
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
      end if;
      return null;
    end
  $function$`.execute(db);
  await sql`create or replace function visit_change(o visits, n visits) returns text language sql immutable as $$
    select case
      when o.erased_at is null and n.erased_at is not null then 'erased'
      when o.time_out is null and n.time_out is not null then 'signed_out'
      when (o.first_name, o.last_name, o.phone_number, o.temperature, o.time_in, o.time_out,
            o.signed_out_by, o.location_id, o.program_id, o.answers)
        is distinct from (n.first_name, n.last_name, n.phone_number, n.temperature, n.time_in,
            n.time_out, n.signed_out_by, n.location_id, n.program_id, n.answers)
        then 'updated'
      else 'unchanged'
    end
  $$`.execute(db);
  await sql`drop function queue_number_next(integer, timestamptz)`.execute(db);
  await sql`drop index visits_queue_idx`.execute(db);
  await sql`drop table queue_screens`.execute(db);
  await sql`drop table queue_draws`.execute(db);
  await sql`drop table queue_days`.execute(db);
  await sql`alter table visits
    drop column queue_number, drop column queue_place, drop column called_at,
    drop column called_to, drop column served_at, drop column no_show_at`.execute(db);
  await sql`alter table locations drop column queue, drop column lottery_at`.execute(db);
}
