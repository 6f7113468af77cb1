import { sql, type Kysely } from "kysely";

// Report presets: a name and the age bands a report counts individuals in, as the funder
// summary's query writes them ("0-17,18-64,65-"), since funders ask for different bands. The API
// checks the bands; the table keeps names distinct, whatever their case, so a list to pick from
// never shows two alike. A fresh install starts with the bands food banks' partner reports ask for.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table report_presets (
    id serial primary key,
    name text not null,
    age_bands text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index report_presets_name_key on report_presets (lower(name))`.execute(
    db,
  );
  await sql`insert into report_presets (name, age_bands)
    values ('Monthly partner report', '0-17,18-64,65-')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_presets`.execute(db);
}
