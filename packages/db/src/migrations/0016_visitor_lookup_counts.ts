import { sql, type Kysely } from "kysely";

// A tablet's returning-visitor lookups are one audit row per tablet and day, its count raised by
// each lookup (services/visitor-lookup.ts): this index is the key that upsert finds the row by.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index audit_log_lookup_day_idx on audit_log (tablet_id, (details->>'day')) where action = 'visitor.lookup'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_log_lookup_day_idx`.execute(db);
}
