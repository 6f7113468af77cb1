import { sql, type Kysely } from "kysely";

// The dashboard's "get set up" list reads its ticks from the data; two facts are not in it
// otherwise: that an admin chose how long visitors' details are kept (keeping them for good is a
// choice too, and the column's default), and that an admin put the list away.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings
    add column retention_chosen_at timestamptz,
    add column setup_dismissed_at timestamptz`.execute(db);
  // An install where an admin already set retention has chosen.
  await sql`update settings set retention_chosen_at = updated_at
    where erase_after_days is not null
       or exists (select 1 from audit_log where action = 'settings.update')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings drop column setup_dismissed_at, drop column retention_chosen_at`.execute(
    db,
  );
}
