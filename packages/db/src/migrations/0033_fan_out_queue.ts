import { sql, type Kysely } from "kysely";

// An event waiting for its fan-out is a row of its own, not a mark on the event: taking it is then a
// small delete, where unmarking wrote the whole event (the visit's data) again with an entry in each
// of its indexes, half of what the fan-out wrote. An update (a sign-out, mostly) asks first whether
// any reader wants more than sign-ins, rather than naming every changed visit's event to find none
// wanted. And the deliveries lose an index the claims no longer use (they go endpoint by
// endpoint, on webhook_deliveries_endpoint_due_idx).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table webhook_fan_outs (event_id bigint primary key)`.execute(db);
  await sql`insert into webhook_fan_outs (event_id)
    select id from webhook_events where fan_out_pending`.execute(db);
  // Each event's fan-out a row of webhook_fan_outs; an update first asks whether any reader wants
  // more than sign-ins.
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
  $$`.execute(db);
  await sql`drop index webhook_events_fan_out_idx`.execute(db);
  await sql`alter table webhook_events drop column fan_out_pending`.execute(db);
  await sql`drop index webhook_deliveries_due_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
    where state = 'pending'`.execute(db);
  await sql`alter table webhook_events add column fan_out_pending boolean not null default false`.execute(
    db,
  );
  await sql`update webhook_events set fan_out_pending = true
    where id in (select event_id from webhook_fan_outs)`.execute(db);
  await sql`create index webhook_events_fan_out_idx on webhook_events (id) where fan_out_pending`.execute(
    db,
  );
  // 0031's events function, as it was.
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
  await sql`drop table webhook_fan_outs`.execute(db);
}
