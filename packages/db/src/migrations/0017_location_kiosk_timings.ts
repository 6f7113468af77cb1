import { sql, type Kysely } from "kysely";

// How long a location's kiosk waits (idle reset, confirmation, send time-out), set by an admin like
// the location's other settings. Existing locations keep the waits every tablet had until now;
// the bounds an admin may choose are the API's (schemas/kiosk-timings.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations
    add column idle_reset_seconds integer not null default 60
      constraint locations_idle_reset_seconds_check check (idle_reset_seconds > 0),
    add column confirmation_seconds integer not null default 3
      constraint locations_confirmation_seconds_check check (confirmation_seconds > 0),
    add column send_timeout_seconds integer not null default 5
      constraint locations_send_timeout_seconds_check check (send_timeout_seconds > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations drop column send_timeout_seconds, drop column confirmation_seconds, drop column idle_reset_seconds`.execute(
    db,
  );
}
