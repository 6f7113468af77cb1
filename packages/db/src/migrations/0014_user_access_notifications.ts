import { sql, type Kysely } from "kysely";

// A staff member who logs out, is deactivated or revokes a script's token loses their open
// streams at once, as a disconnected tablet does: `vsi_access` names the user, and their streams
// check who they serve again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function vsi_user_access_notify() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'users' then
        perform pg_notify('vsi_access', 'user:' || new.id);
      elsif tg_op = 'DELETE' then
        perform pg_notify('vsi_access', 'user:' || old.user_id);
      else
        perform pg_notify('vsi_access', 'user:' || new.user_id);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`create trigger sessions_notify_ended after delete on sessions for each row execute function vsi_user_access_notify()`.execute(
    db,
  );
  await sql`
    create trigger api_tokens_notify_revoked after update of revoked_at on api_tokens for each row
    when (old.revoked_at is null and new.revoked_at is not null) execute function vsi_user_access_notify()
  `.execute(db);
  await sql`
    create trigger users_notify_deactivated after update of deactivated_at on users for each row
    when (old.deactivated_at is null and new.deactivated_at is not null) execute function vsi_user_access_notify()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_notify_deactivated on users`.execute(db);
  await sql`drop trigger api_tokens_notify_revoked on api_tokens`.execute(db);
  await sql`drop trigger sessions_notify_ended on sessions`.execute(db);
  await sql`drop function vsi_user_access_notify()`.execute(db);
}
