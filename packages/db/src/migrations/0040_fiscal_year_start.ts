import { sql, type Kysely } from "kysely";

// The month the organisation's fiscal year starts in, for the reports' fiscal-year and quarter
// shortcuts. January (the calendar year, what most small nonprofits keep) until an admin says otherwise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings add column fiscal_year_start_month smallint not null default 1
    check (fiscal_year_start_month between 1 and 12)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table settings drop column fiscal_year_start_month`.execute(db);
}
