import { sql, type Kysely } from "kysely";

// A visitor's remembered answers are found among their phone's visits (visits_phone_time_in_idx):
// while a visit keeps its answers it keeps its phone, whose key is the visitor's. The index of
// answered visits by key, written at every sign-in with answers for that one reader, goes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_answered_by_visitor_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index visits_answered_by_visitor_idx on visits (visitor_key, time_in)
    where answers <> '{}'`.execute(db);
}
