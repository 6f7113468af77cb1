import { sql, type Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { staffAlertsChannel } from "../notifications/schema.ts";
import { webhooksChannel } from "./schema.ts";

/** Events fanned out in one statement. */
const eventsPerStatement = 500;

/**
 * Writes who receives the events the visits' trigger wrote: a delivery for each endpoint that
 * wants the event (its state now, not at the sign-in's commit a moment before), and for a sign-in
 * an alert for each active subscriber. Each event is taken by one fan-out (SKIP LOCKED) from
 * webhook_fan_outs in the statement that writes its rows, so a fan-out killed midway leaves it
 * waiting. Then the senders of what it wrote are woken, after the commit (see migration 0031).
 * Returns how many events it fanned out.
 */
export async function fanOutEvents(db: Kysely<Database>): Promise<number> {
  const total = { events: 0, deliveries: 0, alerts: 0 };
  for (;;) {
    const { rows } = await sql<{ events: string; deliveries: string; alerts: string }>`
      with batch as (
        select event_id from webhook_fan_outs
        order by event_id limit ${eventsPerStatement}
        for update skip locked
      ), taken as (
        delete from webhook_fan_outs q using batch where q.event_id = batch.event_id
        returning q.event_id
      ), events as (
        select ev.id, ev.type, ev.location_id, (ev.data #>> '{program,id}')::int as program_id,
          ev.created_at
        from webhook_events ev join taken on taken.event_id = ev.id
      ), deliveries as (
        -- Each dated from its event, as if written with it.
        insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
        select events.id, e.id, events.created_at from events
        join webhook_endpoints e on webhook_endpoint_wants(e, events.type, events.location_id)
        returning id
      ), alerts as (
        insert into staff_alerts (event_id, user_id, created_at)
        select events.id, r.user_id, events.created_at from events
        join staff_alert_recipients r on r.event_type = events.type
          and r.location_id = events.location_id and r.program_id = events.program_id
        returning id
      )
      select (select count(*) from events) as events,
        (select count(*) from deliveries) as deliveries, (select count(*) from alerts) as alerts
    `.execute(db);
    const events = Number(rows[0]?.events ?? 0);
    total.events += events;
    total.deliveries += Number(rows[0]?.deliveries ?? 0);
    total.alerts += Number(rows[0]?.alerts ?? 0);
    if (events < eventsPerStatement) break;
  }
  if (total.deliveries) await sql`select pg_notify(${webhooksChannel}, '')`.execute(db);
  if (total.alerts) await sql`select pg_notify(${staffAlertsChannel}, '')`.execute(db);
  return total.events;
}
