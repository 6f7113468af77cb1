import { sql, type Kysely } from "kysely";

// What an erased visit keeps of its answers for the funder summary, and nothing a person is known
// by: choices, yes/no, consent, numbers and ZIP codes as given, a date as the age it made at the
// visit, a text only as answered. Null until the visit is erased; its answers are then emptied.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visits add column answer_figures jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visits drop column answer_figures`.execute(db);
}
