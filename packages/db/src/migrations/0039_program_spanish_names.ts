import { sql, type Kysely } from "kysely";

// A program may carry its name in Spanish, shown to visitors who read the tablet or the door in
// Spanish. Null: the one name, as before, in both languages.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table programs add column name_es text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table programs drop column name_es`.execute(db);
}
