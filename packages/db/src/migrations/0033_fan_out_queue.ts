import { sql, type Kysely } from "kysely";
import { createEventsFunction } from "./0031_event_fan_out.ts";

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
  await createEventsFunction(db, { queue: true, askFirst: true });
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
  await createEventsFunction(db, { queue: false, askFirst: false });
  await sql`drop table webhook_fan_outs`.execute(db);
}
