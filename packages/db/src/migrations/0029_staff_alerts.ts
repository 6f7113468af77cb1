import { sql, type Kysely } from "kysely";

// Staff alerts by e-mail (and, for the webhook sender, a claim per endpoint and a pause after failures): "email me when someone signs in for <program> at <location>", and a
// daily summary. A sign-in's alert reuses the webhooks' event row: the same trigger (0027's, given
// here one more kind of reader) writes the event when an endpoint or an active user's
// subscription wants it, and one staff_alerts row per recipient, in the statement that signs in.
// The server's sender mails each recipient what waited, grouped, and deletes those rows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column daily_summary boolean not null default false`.execute(db);

  await sql`create table staff_alert_subscriptions (
    user_id integer not null references users (id) on delete cascade,
    location_id integer not null references locations (id) on delete cascade,
    program_id integer not null references programs (id) on delete cascade,
    primary key (location_id, program_id, user_id)
  )`.execute(db);
  await sql`create index staff_alert_subscriptions_user_idx on staff_alert_subscriptions (user_id)`.execute(
    db,
  );

  // The outbox: one row per sign-in and recipient until it is mailed.
  await sql`create table staff_alerts (
    id bigserial primary key,
    event_id bigint not null references webhook_events (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    -- Claimed by a sender until then; a sender killed mid-send leaves it to be sent again.
    locked_until timestamptz
  )`.execute(db);
  await sql`create index staff_alerts_user_idx on staff_alerts (user_id, created_at)`.execute(db);

  // One row per user, zone and day the summary was for: the unique key that makes it once a day,
  // across restarts and servers. done_at null while a sender holds it (locked_until).
  await sql`create table staff_daily_summaries (
    user_id integer not null references users (id) on delete cascade,
    time_zone text not null,
    day date not null,
    locked_until timestamptz,
    done_at timestamptz,
    visits integer,
    primary key (user_id, time_zone, day)
  )`.execute(db);

  await sql`create function vsi_staff_alerts_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('vsi_staff_alerts', '');
      return null;
    end
  $$`.execute(db);
  await sql`create trigger staff_alerts_notify after insert on staff_alerts
    for each statement execute function vsi_staff_alerts_notify()`.execute(db);

  // 0027's rule, unchanged for webhooks; it also keeps a sign-in that an active user's
  // subscription wants, and writes their staff_alerts rows.
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

  // An endpoint whose attempts just failed is left alone until then: a dead receiver costs the
  // sender one round of attempts per pause, not one per event.
  await sql`alter table webhook_endpoints add column retry_after timestamptz`.execute(db);
  // The webhook sender claims each endpoint's oldest due deliveries by this range: a slow
  // endpoint's backlog is never read whole, nor holds up the others'.
  // Every sign-in writes a delivery per endpoint: a foreign key would lock the endpoint's row
  // (KEY SHARE) in each of them, and under many at once every sign-in queues on that one row (its
  // lockers become a multixact, rewritten by each). The cascade it gave is a trigger instead.
  await sql`alter table webhook_deliveries drop constraint webhook_deliveries_endpoint_id_fkey`.execute(
    db,
  );
  await sql`create function vsi_webhook_endpoint_deleted() returns trigger language plpgsql as $$
    begin
      delete from webhook_deliveries d using old_rows o where d.endpoint_id = o.id;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger webhook_endpoints_deleted after delete on webhook_endpoints
    referencing old table as old_rows for each statement execute function vsi_webhook_endpoint_deleted()`.execute(
    db,
  );
  // Tests an admin asked for are claimed apart, whatever their endpoint's state: this finds them.
  await sql`create index webhook_events_test_idx on webhook_events (id) where type = 'webhook.test'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_endpoint_due_idx on webhook_deliveries (endpoint_id, next_attempt_at, id)
    where state = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index webhook_deliveries_endpoint_due_idx`.execute(db);
  await sql`drop index webhook_events_test_idx`.execute(db);
  await sql`drop trigger webhook_endpoints_deleted on webhook_endpoints`.execute(db);
  await sql`drop function vsi_webhook_endpoint_deleted()`.execute(db);
  await sql`alter table webhook_deliveries add constraint webhook_deliveries_endpoint_id_fkey
    foreign key (endpoint_id) references webhook_endpoints (id) on delete cascade`.execute(db);
  await sql`alter table webhook_endpoints drop column retry_after`.execute(db);
  // 0027's rule, as it was.
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
      if not exists (select 1 from webhook_endpoints where enabled) then
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
          where webhook_endpoint_wants(e, c ->> 'type', (c #>> '{row,location_id}')::int)) )
      ), events as (
        insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), type, visit_id, location_id, data
        from wanted
        returning id, type, location_id, data
      )
      insert into webhook_deliveries (event_id, endpoint_id)
      select events.id, e.id from events
      join webhook_endpoints e on webhook_endpoint_wants(e, events.type, events.location_id);
      return null;
    end
  $$`.execute(db);
  await sql`drop trigger staff_alerts_notify on staff_alerts`.execute(db);
  await sql`drop function vsi_staff_alerts_notify()`.execute(db);
  await sql`drop table staff_daily_summaries`.execute(db);
  await sql`drop table staff_alerts`.execute(db);
  await sql`drop table staff_alert_subscriptions`.execute(db);
  await sql`alter table users drop column daily_summary`.execute(db);
}
