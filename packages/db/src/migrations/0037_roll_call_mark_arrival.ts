import { sql, type Kysely } from "kysely";

// A mark queued offline may reach the server after its roll call ended; it is kept when it was
// made at or before the end, with the time it arrived beside the device's. Earlier marks arrived
// when they were made, as far as anyone knows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table roll_call_marks add column received_at timestamptz`.execute(db);
  await sql`update roll_call_marks set received_at = marked_at`.execute(db);
  await sql`alter table roll_call_marks alter column received_at set not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table roll_call_marks drop column received_at`.execute(db);
}
