import { sql, type Kysely } from "kysely";

// What writing a visit sets off after the row, in one trigger per kind of write instead of two (the
// change feed's and the webhooks'), and what an update is, decided once (visit_change): an erasure,
// a sign-out, a change of what the visit says, or none of these. The feed says `out` for a sign-out
// and `changed` for any other update; the webhooks' event is named from the same answer. A visit
// erased and ended by one statement is an erasure for both.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function visit_change(o visits, n visits) returns text language sql immutable as $$
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
  await sql`create or replace function vsi_visit_changed() returns trigger language plpgsql as $$
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
  $$`.execute(db);
  await sql`drop trigger visits_notify_insert on visits`.execute(db);
  await sql`drop trigger visits_notify_update on visits`.execute(db);
  await sql`drop trigger visits_notify_delete on visits`.execute(db);
  await sql`drop trigger visits_webhooks_insert on visits`.execute(db);
  await sql`drop trigger visits_webhooks_update on visits`.execute(db);
  await sql`drop trigger visits_webhooks_delete on visits`.execute(db);
  await sql`create trigger visits_changed_insert after insert on visits
    referencing new table as new_rows for each statement execute function vsi_visit_changed()`.execute(
    db,
  );
  await sql`create trigger visits_changed_update after update on visits
    referencing old table as old_rows new table as new_rows for each statement execute function vsi_visit_changed()`.execute(
    db,
  );
  await sql`create trigger visits_changed_delete after delete on visits
    referencing old table as old_rows for each statement execute function vsi_visit_changed()`.execute(
    db,
  );
  await sql`drop function vsi_visits_notify()`.execute(db);
  await sql`drop function vsi_webhook_events()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION public.vsi_visits_notify()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
    $function$`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION public.vsi_webhook_events()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
    begin
      -- An erased or deleted visit's details leave its earlier events (kept for their deliveries) too.
      -- Guarded: most updates (a sign-out) erase nothing, and need not look at the events at all.
      -- (Nested: a statement naming old_rows cannot even be planned in an INSERT's trigger.)
      if tg_op = 'UPDATE' then
        if exists (select 1 from new_rows n join old_rows o on o.id = n.id
            where o.erased_at is null and n.erased_at is not null) then
          update webhook_events ev set data = ev.data - webhook_personal_keys()
          from new_rows n join old_rows o on o.id = n.id
          where ev.visit_id = n.id and o.erased_at is null and n.erased_at is not null;
        end if;
      elsif tg_op = 'DELETE' then
        update webhook_events ev set data = ev.data - webhook_personal_keys()
        from old_rows o where ev.visit_id = o.id;
      end if;
      if not exists (select 1 from webhook_endpoints where enabled)
          and not exists (select 1 from staff_alert_recipients) then
        return null;
      end if;
      -- The type comes from the old and new rows: a new row is a sign-in; erasing a visitor's
      -- details (forgetting, retention) or deleting the row a deletion; ending an open visit a
      -- sign-out; any other change of what a visit says an update (a new visitor key alone is none).
      -- Each statement's transition tables exist only in its own kind of trigger.
      if tg_op = 'INSERT' then
        with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end
        from new_rows v
        cross join lateral (select 'visit.signed_in'::text as kind) k
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where k.kind is not null and (
          exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, k.kind, v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = k.kind
            and r.location_id = v.location_id and r.program_id = v.program_id))
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
        cross join lateral (select case
            when o.erased_at is null and v.erased_at is not null then 'visit.deleted'
            when o.time_out is null and v.time_out is not null then 'visit.signed_out'
            when (o.first_name, o.last_name, o.phone_number, o.temperature, o.time_in, o.time_out,
                  o.signed_out_by, o.location_id, o.program_id, o.answers)
              is distinct from (v.first_name, v.last_name, v.phone_number, v.temperature, v.time_in,
                  v.time_out, v.signed_out_by, v.location_id, v.program_id, v.answers)
              then 'visit.updated'
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
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end
        from old_rows v
        cross join lateral (select 'visit.deleted'::text as kind) k
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where k.kind is not null and (
          exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, k.kind, v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = k.kind
            and r.location_id = v.location_id and r.program_id = v.program_id))
        returning id)
        insert into webhook_fan_outs (event_id) select id from written;
      end if;
      return null;
    end
  $function$`.execute(db);
  await sql`drop trigger visits_changed_insert on visits`.execute(db);
  await sql`drop trigger visits_changed_update on visits`.execute(db);
  await sql`drop trigger visits_changed_delete on visits`.execute(db);
  await sql`create trigger visits_notify_insert after insert on visits
    referencing new table as new_rows for each statement execute function vsi_visits_notify()`.execute(
    db,
  );
  await sql`create trigger visits_notify_update after update on visits
    referencing old table as old_rows new table as new_rows for each statement execute function vsi_visits_notify()`.execute(
    db,
  );
  await sql`create trigger visits_notify_delete after delete on visits
    referencing old table as old_rows for each statement execute function vsi_visits_notify()`.execute(
    db,
  );
  await sql`create trigger visits_webhooks_insert after insert on visits
    referencing new table as new_rows for each statement execute function vsi_webhook_events()`.execute(
    db,
  );
  await sql`create trigger visits_webhooks_update after update on visits
    referencing old table as old_rows new table as new_rows for each statement execute function vsi_webhook_events()`.execute(
    db,
  );
  await sql`create trigger visits_webhooks_delete after delete on visits
    referencing old table as old_rows for each statement execute function vsi_webhook_events()`.execute(
    db,
  );
  await sql`drop function vsi_visit_changed()`.execute(db);
  await sql`drop function visit_change(visits, visits)`.execute(db);
}
