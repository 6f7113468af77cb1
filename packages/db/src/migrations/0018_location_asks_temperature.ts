import { sql, type Kysely } from "kysely";

// A site may stop asking visitors' temperatures (a 2020 habit most have dropped): its new visits
// then carry none (null), while the visits it already has keep theirs. Every location asks, as before,
// until an admin says otherwise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table locations add column asks_temperature boolean not null default true`.execute(
    db,
  );
  await sql`alter table visits alter column temperature drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update visits set temperature = '' where temperature is null`.execute(db);
  await sql`alter table visits alter column temperature set not null`.execute(db);
  await sql`alter table locations drop column asks_temperature`.execute(db);
}
