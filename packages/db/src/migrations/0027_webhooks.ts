import { sql, type Kysely } from "kysely";

// Outbound webhooks. An event is written by a trigger on visits, in the statement that changes the
// visit (a tablet's one-statement sign-in, staff, the door, jobs, psql alike): it commits with the
// change or not at all. Each subscribed endpoint gets a delivery row, which the server's delivery
// job sends, retries and records attempt by attempt.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table webhook_endpoints (
    id serial primary key,
    url text not null,
    events jsonb not null,
    location_ids jsonb not null default '[]',
    include_personal_details boolean not null default false,
    enabled boolean not null default true,
    secret text not null,
    -- The first failed attempt since the last success: 3 days of failing pauses the endpoint.
    failing_since timestamptz,
    paused_for_failures_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table webhook_events (
    id bigserial primary key,
    message_id text not null unique,
    type text not null,
    visit_id integer,
    location_id integer,
    -- The visit as it was then; the endpoint's view of it is cut at delivery.
    data jsonb not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index webhook_events_visit_idx on webhook_events (visit_id)`.execute(db);

  await sql`create table webhook_deliveries (
    id bigserial primary key,
    event_id bigint not null references webhook_events (id) on delete cascade,
    endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
    state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    -- Claimed by a sender until then; a sender killed mid-delivery leaves it to be sent again.
    locked_until timestamptz,
    created_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
    where state = 'pending'`.execute(db);
  await sql`create index webhook_deliveries_event_idx on webhook_deliveries (event_id)`.execute(db);

  await sql`create table webhook_attempts (
    id bigserial primary key,
    delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
    endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
    attempt integer not null,
    at timestamptz not null,
    status integer,
    duration_ms integer not null,
    -- The answer's first bytes, or what went wrong when there was none.
    response text not null
  )`.execute(db);
  await sql`create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, at desc, id desc)`.execute(
    db,
  );

  // The visit as an event carries it: ids and names of its place and program, times, and the
  // visitor's details (cut to a first name and last initial at delivery unless the endpoint asks).
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

  // Which endpoints want an event: enabled, subscribed to its type, and its location (none named: all).
  await sql`create function webhook_endpoint_wants(e webhook_endpoints, event_type text, at_location integer)
    returns boolean language sql immutable as $$
      select e.enabled and e.events @> to_jsonb(event_type)
        and (jsonb_array_length(e.location_ids) = 0 or e.location_ids @> to_jsonb(at_location))
    $$`.execute(db);

  // One rule for every writer. The type comes from the old and new rows: a new row is a sign-in;
  // erasing a visitor's details (forgetting, retention) or deleting the row is a deletion; ending
  // an open visit a sign-out; any other change of what a visit says an update (a new visitor key
  // alone is none).
  await sql`create function vsi_webhook_events() returns trigger language plpgsql as $$
    declare
      changes jsonb;
    begin
      -- An erased or deleted visit's details leave its earlier events (kept for their deliveries) too.
      if tg_op = 'UPDATE' then
        update webhook_events ev set data = ev.data - 'firstName' - 'lastName' - 'phoneNumber' - 'temperature' - 'answers'
        from new_rows n join old_rows o on o.id = n.id
        where ev.visit_id = n.id and o.erased_at is null and n.erased_at is not null;
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
        where c ->> 'type' is not null and exists (
          select 1 from webhook_endpoints e
          where webhook_endpoint_wants(e, c ->> 'type', (c #>> '{row,location_id}')::int))
      ), events as (
        insert into webhook_events (message_id, type, visit_id, location_id, data)
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), type, visit_id, location_id, data
        from wanted
        returning id, type, location_id
      )
      insert into webhook_deliveries (event_id, endpoint_id)
      select events.id, e.id from events
      join webhook_endpoints e on webhook_endpoint_wants(e, events.type, events.location_id);
      return null;
    end
  $$`.execute(db);
  // Transition tables need one trigger per kind of statement (INSERT, UPDATE, DELETE).
  await sql`create trigger visits_webhooks_insert after insert on visits referencing new table as new_rows
    for each statement execute function vsi_webhook_events()`.execute(db);
  await sql`create trigger visits_webhooks_update after update on visits referencing old table as old_rows new table as new_rows
    for each statement execute function vsi_webhook_events()`.execute(db);
  await sql`create trigger visits_webhooks_delete after delete on visits referencing old table as old_rows
    for each statement execute function vsi_webhook_events()`.execute(db);

  // New deliveries wake the senders of every server process at commit (the job's tick is the backstop).
  await sql`create function vsi_webhooks_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('vsi_webhooks', '');
      return null;
    end
  $$`.execute(db);
  await sql`create trigger webhook_deliveries_notify after insert on webhook_deliveries
    for each statement execute function vsi_webhooks_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger visits_webhooks_delete on visits`.execute(db);
  await sql`drop trigger visits_webhooks_update on visits`.execute(db);
  await sql`drop trigger visits_webhooks_insert on visits`.execute(db);
  await sql`drop function vsi_webhook_events()`.execute(db);
  await sql`drop table webhook_attempts`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop function vsi_webhooks_notify()`.execute(db);
  await sql`drop table webhook_events`.execute(db);
  await sql`drop function webhook_endpoint_wants(webhook_endpoints, text, integer)`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
  await sql`drop function webhook_visit_data(jsonb)`.execute(db);
}
