import { sql, type Kysely } from "kysely";

// A visit's answers to the intake questions, each with a copy of the words it was asked with
// ({"<questionId>": {"value": …, "Label": {en, es}, "Choices": […]}}), so editing or retiring a
// question never changes what an old visit says. Questions carry a revision, raised by each change,
// so a server that checked answers against the questions it knew can tell, in the sign-in's own
// statement, that they are still the ones asked.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visits add column answers jsonb not null default '{}'`.execute(db);
  // A returning visitor's remembered answers, found by their key without reading their history.
  await sql`create index visits_answered_by_visitor_idx on visits (visitor_key, time_in desc)
    where answers <> '{}'`.execute(db);
  await sql`create sequence questions_revision_seq`.execute(db);
  await sql`alter table questions
    add column revision bigint not null default nextval('questions_revision_seq')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questions drop column revision`.execute(db);
  await sql`drop sequence questions_revision_seq`.execute(db);
  await sql`drop index visits_answered_by_visitor_idx`.execute(db);
  await sql`alter table visits drop column answers`.execute(db);
}
