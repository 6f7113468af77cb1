import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The audit log filtered by who acted, newest first. Partial: most rows are tablets' sign-ins
  // and sign-outs, which name no user, so the index holds only what staff and admins did.
  await sql`create index audit_log_user_at_idx on audit_log (user_id, at desc, id desc) where user_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_log_user_at_idx`.execute(db);
}
