import { sql, type Kysely } from "kysely";
import { createVisitsNotifyFunction } from "./0007_live_notifications.ts";

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
  await createVisitsNotifyFunction(db, { announce: "vsi_feed", replace: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createVisitsNotifyFunction(db, { announce: "pg_notify", replace: true });
  await sql`drop function vsi_feed(text, text)`.execute(db);
  await sql`drop table change_feed`.execute(db);
}
