import { sql, type Kysely } from "kysely";

// Few sites still take visitors' temperatures: a new location asks none until an admin turns it on.
// Locations that exist keep what they ask.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations alter column asks_temperature set default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations alter column asks_temperature set default true`.execute(db);
}
