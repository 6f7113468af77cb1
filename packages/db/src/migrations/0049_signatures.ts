import { sql, type Kysely } from "kysely";

// Signatures, as a pantry's sign sheet takes them: a program may ask for one at each sign-in. The
// image is a row of its own, written only with a sign-in that carries one, so every other sign-in
// writes no byte more; whether the visit was signed (or the visitor declined) is on the visit,
// null for every visit before and every program that asks none.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table programs add column asks_signature boolean not null default false`.execute(
    db,
  );
  await sql`alter table visits add column signed text
    constraint visits_signed_check check (signed in ('yes', 'declined'))`.execute(db);
  // Deleted with its visit, and by erasure (the visitor's personal data).
  await sql`create table visit_signatures (
    visit_id integer primary key references visits (id) on delete cascade,
    content_type text not null check (content_type in ('image/png', 'image/svg+xml')),
    image bytea not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table visit_signatures`.execute(db);
  await sql`alter table visits drop column signed`.execute(db);
  await sql`alter table programs drop column asks_signature`.execute(db);
}
