import { sql, type Kysely } from "kysely";

// The language a person reads the staff pages and their e-mails in; null follows their browser
// (and English for e-mails). An invite keeps the language its e-mail was written in, so a resend
// says the same and the account it makes starts in it. The API's schema names the languages;
// the checks keep psql honest.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column language text
    constraint users_language_check check (language in ('en', 'es'))`.execute(db);
  await sql`alter table invites add column language text
    constraint invites_language_check check (language in ('en', 'es'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invites drop column language`.execute(db);
  await sql`alter table users drop column language`.execute(db);
}
