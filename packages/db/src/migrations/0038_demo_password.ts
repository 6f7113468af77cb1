import { sql, type Kysely } from "kysely";

// The demo admin's password, printed once at the first start, is known to whoever saw that
// terminal. The set-up list asks for it to be changed, and ticks that step once no active account
// still has the hash the demo data wrote (a new password, even the same one, is hashed afresh).
// Null when the install has no demo data.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings add column demo_password_hash text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings drop column demo_password_hash`.execute(db);
}
