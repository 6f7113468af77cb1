import { sql, type Kysely } from "kysely";

// A visit's change writes one event row and nothing more: who receives it (a delivery per
// endpoint, an alert per subscriber) is written after commit by the server's fan-out, from the
// events marked pending, so a sign-in's statement stays as short with endpoints as without.
// The trigger's statements are plain SQL over the transition tables (planned once per session),
// with the visit's data built inline rather than by a function planned on every call.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_events add column fan_out_pending boolean not null default false`.execute(
    db,
  );
  await sql`create index webhook_events_fan_out_idx on webhook_events (id) where fan_out_pending`.execute(
    db,
  );

  // Who gets an alert of which event: of a sign-in, its location and program's subscribers still
  // active. The trigger asks whether anyone does, the fan-out who; a view is planned into each.
  await sql`create view staff_alert_recipients as
    select 'visit.signed_in'::text as event_type, s.location_id, s.program_id, s.user_id
    from staff_alert_subscriptions s join users u on u.id = s.user_id
    where u.deactivated_at is null`.execute(db);

  // The fan-out wakes the senders once its rows have committed, in a statement of its own: a
  // notification from a transaction that writes holds PostgreSQL's one lock for notifying commits
  // through that commit's flush, and every sign-in (which notifies too) would wait behind it.
  await sql`drop trigger webhook_deliveries_notify on webhook_deliveries`.execute(db);
  await sql`drop function vsi_webhooks_notify()`.execute(db);
  await sql`drop trigger staff_alerts_notify on staff_alerts`.execute(db);
  await sql`drop function vsi_staff_alerts_notify()`.execute(db);

  // What an erased or deleted visit's events no longer carry.
  await sql`create function webhook_personal_keys() returns text[] language sql immutable as $$
    select array['firstName', 'lastName', 'phoneNumber', 'temperature', 'answers']
  $$`.execute(db);

  // The visit as an event carries it; one expression, so the planner inlines it into the trigger.
  await sql`create or replace function webhook_visit_data(v visits, location_name text, program_name text)
    returns jsonb language sql stable as $$
      select jsonb_build_object(
        'visitId', v.id,
        'location', jsonb_build_object('id', v.location_id, 'name', location_name),
        'program', jsonb_build_object('id', v.program_id, 'name', program_name),
        'firstName', v.first_name,
        'lastName', v.last_name,
        'phoneNumber', v.phone_number,
        'temperature', v.temperature,
        'answers', v.answers,
        'timeIn', to_char(v.time_in at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'timeOut', to_char(v.time_out at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'signedOutBy', v.signed_out_by,
        'signedInFrom', v.signed_in_from)
    $$`.execute(db);

  await sql`drop function webhook_visit_data(jsonb)`.execute(db);

  // What each kind of change writes: an event of each changed visit whose kind an endpoint or a
  // subscriber wants, marked for the fan-out to say which. The statement is written out in each
  // branch, since a statement can name only its own trigger's transition tables.
  await sql`create or replace function vsi_webhook_events() returns trigger language plpgsql as $$
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
        insert into webhook_events (message_id, type, visit_id, location_id, data, fan_out_pending)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end,
          true
        from new_rows v
        cross join lateral (select 'visit.signed_in'::text as kind) k
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where k.kind is not null and (
          exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, k.kind, v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = k.kind
            and r.location_id = v.location_id and r.program_id = v.program_id));
      elsif tg_op = 'UPDATE' then
        insert into webhook_events (message_id, type, visit_id, location_id, data, fan_out_pending)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end,
          true
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
            and r.location_id = v.location_id and r.program_id = v.program_id));
      else
        insert into webhook_events (message_id, type, visit_id, location_id, data, fan_out_pending)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end,
          true
        from old_rows v
        cross join lateral (select 'visit.deleted'::text as kind) k
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where k.kind is not null and (
          exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, k.kind, v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = k.kind
            and r.location_id = v.location_id and r.program_id = v.program_id));
      end if;
      return null;
    end
  $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Events still waiting for their fan-out get it now, as the trigger used to write it.
  await sql`insert into webhook_deliveries (event_id, endpoint_id)
    select ev.id, e.id from webhook_events ev
    join webhook_endpoints e on webhook_endpoint_wants(e, ev.type, ev.location_id)
    where ev.fan_out_pending`.execute(db);
  await sql`insert into staff_alerts (event_id, user_id)
    select ev.id, r.user_id from webhook_events ev
    join staff_alert_recipients r on r.event_type = ev.type and r.location_id = ev.location_id
      and r.program_id = (ev.data #>> '{program,id}')::int
    where ev.fan_out_pending`.execute(db);
  // 0027's webhook_visit_data and 0029's events function, as they were.
  await sql`create function webhook_visit_data(v jsonb) returns jsonb language sql stable as $$
    select jsonb_build_object(
      'visitId', (v ->> 'id')::int,
      'location', jsonb_build_object('id', l.id, 'name', l.name),
      'program', jsonb_build_object('id', p.id, 'name', p.name),
      'firstName', v ->> 'first_name',
      'lastName', v ->> 'last_name',
      'phoneNumber', v ->> 'phone_number',
      'temperature', v ->> 'temperature',
      'answers', coalesce(v -> 'answers', '{}'),
      'timeIn', to_char((v ->> 'time_in')::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'timeOut', to_char((v ->> 'time_out')::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'signedOutBy', v ->> 'signed_out_by',
      'signedInFrom', v ->> 'signed_in_from')
    from (select 1) one
    left join locations l on l.id = (v ->> 'location_id')::int
    left join programs p on p.id = (v ->> 'program_id')::int
  $$`.execute(db);
  await sql`create or replace function vsi_webhook_events() returns trigger language plpgsql as $$
    declare
      changes jsonb;
    begin
      -- An erased or deleted visit's details leave its earlier events (kept for their deliveries) too.
      -- Guarded: most updates (a sign-out) erase nothing, and need not look at the events at all.
      -- (Nested: a statement naming old_rows cannot even be planned in an INSERT's trigger.)
      if tg_op = 'UPDATE' then
        if exists (select 1 from new_rows n join old_rows o on o.id = n.id
            where o.erased_at is null and n.erased_at is not null) then
          update webhook_events ev set data = ev.data - 'firstName' - 'lastName' - 'phoneNumber' - 'temperature' - 'answers'
          from new_rows n join old_rows o on o.id = n.id
          where ev.visit_id = n.id and o.erased_at is null and n.erased_at is not null;
        end if;
      elsif tg_op = 'DELETE' then
        update webhook_events ev set data = ev.data - 'firstName' - 'lastName' - 'phoneNumber' - 'temperature' - 'answers'
        from old_rows o where ev.visit_id = o.id;
      end if;
      if not exists (select 1 from webhook_endpoints where enabled)
        and not exists (select 1 from staff_alert_subscriptions) then
        return null;
      end if;
      -- Each statement's transition tables exist only in its own kind of trigger.
      if tg_op = 'INSERT' then
        select jsonb_agg(jsonb_build_object('type', 'visit.signed_in', 'row', to_jsonb(n)))
        into changes from new_rows n;
      elsif tg_op = 'UPDATE' then
        select jsonb_agg(jsonb_build_object('type', case
            when o.erased_at is null and n.erased_at is not null then 'visit.deleted'
            when o.time_out is null and n.time_out is not null then 'visit.signed_out'
            when (o.first_name, o.last_name, o.phone_number, o.temperature, o.time_in, o.time_out,
                  o.signed_out_by, o.location_id, o.program_id, o.answers)
              is distinct from (n.first_name, n.last_name, n.phone_number, n.temperature, n.time_in,
                  n.time_out, n.signed_out_by, n.location_id, n.program_id, n.answers)
              then 'visit.updated'
          end, 'row', to_jsonb(n)))
        into changes from new_rows n join old_rows o on o.id = n.id;
      else
        select jsonb_agg(jsonb_build_object('type', 'visit.deleted', 'row', to_jsonb(o)))
        into changes from old_rows o;
      end if;
      with wanted as (
        select c ->> 'type' as type, (c #>> '{row,id}')::int as visit_id,
          (c #>> '{row,location_id}')::int as location_id,
          case when c ->> 'type' = 'visit.deleted'
            then webhook_visit_data(c -> 'row') - 'firstName' - 'lastName' - 'phoneNumber' - 'temperature' - 'answers'
            else webhook_visit_data(c -> 'row') end as data
        from jsonb_array_elements(coalesce(changes, '[]')) c
        where c ->> 'type' is not null and (exists (
          select 1 from webhook_endpoints e
          where webhook_endpoint_wants(e, c ->> 'type', (c #>> '{row,location_id}')::int)) or (c ->> 'type' = 'visit.signed_in' and exists (
          select 1 from staff_alert_subscriptions s join users u on u.id = s.user_id
          where s.location_id = (c #>> '{row,location_id}')::int
            and s.program_id = (c #>> '{row,program_id}')::int and u.deactivated_at is null)))
      ), events as (
        insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), type, visit_id, location_id, data
        from wanted
        returning id, type, location_id, data
      )
      , deliveries as (
        insert into webhook_deliveries (event_id, endpoint_id)
        select events.id, e.id from events
        join webhook_endpoints e on webhook_endpoint_wants(e, events.type, events.location_id)
      )
      insert into staff_alerts (event_id, user_id)
      select events.id, s.user_id from events
      join staff_alert_subscriptions s on s.location_id = events.location_id
        and s.program_id = (events.data #>> '{program,id}')::int
      join users u on u.id = s.user_id and u.deactivated_at is null
      where events.type = 'visit.signed_in';
      return null;
    end
  $$`.execute(db);
  await sql`drop function webhook_visit_data(visits, text, text)`.execute(db);
  await sql`drop function webhook_personal_keys()`.execute(db);
  // Each sender woken by a notification of its own again.
  await sql`create function vsi_webhooks_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('vsi_webhooks', '');
        return null;
      end
    $$`.execute(db);
  await sql`create trigger webhook_deliveries_notify after insert on "webhook_deliveries"
      for each statement execute function vsi_webhooks_notify()`.execute(db);
  await sql`create function vsi_staff_alerts_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('vsi_staff_alerts', '');
        return null;
      end
    $$`.execute(db);
  await sql`create trigger staff_alerts_notify after insert on "staff_alerts"
      for each statement execute function vsi_staff_alerts_notify()`.execute(db);
  await sql`drop view staff_alert_recipients`.execute(db);
  await sql`drop index webhook_events_fan_out_idx`.execute(db);
  await sql`alter table webhook_events drop column fan_out_pending`.execute(db);
}
