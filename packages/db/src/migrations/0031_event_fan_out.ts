import { sql, type Kysely } from "kysely";
import { createVisitDataFunction } from "./0027_webhooks.ts";
import { replaceEventsFunction } from "./0029_staff_alerts.ts";

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

  await createEventDataFunction(db, "v.answers");

  await sql`drop function webhook_visit_data(jsonb)`.execute(db);

  await createEventsFunction(db, { queue: false, askFirst: false });
}

/**
 * The visit as an event carries it, `answers` the expression for its answers (since migration
 * 0034 their values alone); one expression, so the planner inlines it into the trigger.
 */
export async function createEventDataFunction(db: Kysely<unknown>, answers: string): Promise<void> {
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
        'answers', ${sql.raw(answers)},
        'timeIn', to_char(v.time_in at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'timeOut', to_char(v.time_out at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'signedOutBy', v.signed_out_by,
        'signedInFrom', v.signed_in_from)
    $$`.execute(db);
}

/**
 * Most updates are sign-outs, and most readers want only sign-ins: asked once, before the
 * statement that would name each changed visit's event.
 */
const updatesWantedFirst = `
        if exists (select 1 from webhook_endpoints where enabled and events <> '["visit.signed_in"]')
            or exists (select 1 from staff_alert_recipients where event_type <> 'visit.signed_in') then`;

/**
 * The visits' events trigger function: what each kind of change writes. Since migration 0033:
 * `queue`, the events waiting for the fan-out are rows of webhook_fan_outs, not marked on the
 * event; `askFirst`, an update looks for a reader of more than sign-ins before anything else.
 */
export async function createEventsFunction(
  db: Kysely<unknown>,
  { queue, askFirst }: { queue: boolean; askFirst: boolean },
): Promise<void> {
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
        ${writeEvents("new_rows v", "'visit.signed_in'", queue)}
      elsif tg_op = 'UPDATE' then${sql.raw(askFirst ? updatesWantedFirst : "")}
        ${writeEvents(
          "new_rows v join old_rows o on o.id = v.id",
          `case
            when o.erased_at is null and v.erased_at is not null then 'visit.deleted'
            when o.time_out is null and v.time_out is not null then 'visit.signed_out'
            when (o.first_name, o.last_name, o.phone_number, o.temperature, o.time_in, o.time_out,
                  o.signed_out_by, o.location_id, o.program_id, o.answers)
              is distinct from (v.first_name, v.last_name, v.phone_number, v.temperature, v.time_in,
                  v.time_out, v.signed_out_by, v.location_id, v.program_id, v.answers)
              then 'visit.updated'
          end`,
          queue,
        )}${sql.raw(askFirst ? "\n        end if;" : "")}
      else
        ${writeEvents("old_rows v", "'visit.deleted'", queue)}
      end if;
      return null;
    end
  $$`.execute(db);
}

/**
 * The trigger's one statement for each kind of change: an event of each visit `v` of `changes`
 * whose `kind` an endpoint or a subscriber wants, marked for the fan-out to say which. Written out
 * in each branch, since a statement can name only its own trigger's transition tables.
 */
function writeEvents(changes: string, kind: string, queue: boolean) {
  const [into, pending, queued] = queue
    ? [
        "with written as (insert into webhook_events (message_id, type, visit_id, location_id, data)",
        "",
        `
        returning id)
        insert into webhook_fan_outs (event_id) select id from written`,
      ]
    : [
        "insert into webhook_events (message_id, type, visit_id, location_id, data, fan_out_pending)",
        ",\n          true",
        "",
      ];
  return sql.raw(`${into}
        select 'msg_' || replace(gen_random_uuid()::text, '-', ''), k.kind, v.id, v.location_id,
          webhook_visit_data(v, l.name, p.name)
            - case when k.kind = 'visit.deleted' then webhook_personal_keys() else '{}' end${pending}
        from ${changes}
        cross join lateral (select ${kind}::text as kind) k
        left join locations l on l.id = v.location_id
        left join programs p on p.id = v.program_id
        where k.kind is not null and (
          exists (select 1 from webhook_endpoints e where webhook_endpoint_wants(e, k.kind, v.location_id))
          or exists (select 1 from staff_alert_recipients r where r.event_type = k.kind
            and r.location_id = v.location_id and r.program_id = v.program_id))${queued};`);
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
  await createVisitDataFunction(db);
  await replaceEventsFunction(db, true);
  await sql`drop function webhook_visit_data(visits, text, text)`.execute(db);
  await sql`drop function webhook_personal_keys()`.execute(db);
  for (const [table, channel] of [
    ["webhook_deliveries", "vsi_webhooks"],
    ["staff_alerts", "vsi_staff_alerts"],
  ] as const) {
    const notify = sql.raw(`${channel}_notify`);
    await sql`create function ${notify}() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(channel)}, '');
        return null;
      end
    $$`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_notify`)} after insert on ${sql.table(table)}
      for each statement execute function ${notify}()`.execute(db);
  }
  await sql`drop view staff_alert_recipients`.execute(db);
  await sql`drop index webhook_events_fan_out_idx`.execute(db);
  await sql`alter table webhook_events drop column fan_out_pending`.execute(db);
}
