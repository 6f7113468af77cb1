import { sql, type Kysely } from "kysely";

// Retention by the records rule of the US federal food programs (TEFAP): a visit's details are kept
// until three years after the federal fiscal year it fell in closes (30 September), rather than a
// number of days. 'days' (the default) keeps today's meaning of erase_after_days.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings
    add column retention_rule text not null default 'days'
      check (retention_rule in ('days', 'federal_fiscal_year')),
    add constraint settings_retention_rule_days
      check (retention_rule = 'days' or erase_after_days is null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings drop constraint settings_retention_rule_days,
    drop column retention_rule`.execute(db);
}
