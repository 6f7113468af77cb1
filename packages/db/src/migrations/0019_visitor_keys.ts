import { sql, type Kysely } from "kysely";
import { hmacPads, newVisitorKeySecret } from "../visitor-key.ts";

// Unduplicated counts that outlive erasure: each visit keeps a keyed hash of its phone number
// (HMAC-SHA256 with a secret made for this install), which retention leaves in place when it
// blanks the phone. A trigger writes it, so no writer of visits can forget it.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { inner, outer } = hmacPads(newVisitorKeySecret());
  await sql`alter table settings add column visitor_key_inner bytea, add column visitor_key_outer bytea`.execute(
    db,
  );
  await sql`update settings set visitor_key_inner = ${inner}, visitor_key_outer = ${outer}`.execute(
    db,
  );
  await sql`alter table visits add column visitor_key bytea`.execute(db);
  // The one definition of a visitor's key, for the trigger and for queries that look one up.
  await sql`create function visitor_key_of(phone text) returns bytea language sql stable as $$
    select sha256(visitor_key_outer || sha256(visitor_key_inner || convert_to(phone, 'UTF8'))) from settings
  $$`.execute(db);
  // An erased visit's phone is empty: it keeps the key it had; one erased before now has none.
  await sql`create function visits_visitor_key() returns trigger language plpgsql as $$
    begin
      if new.phone_number <> '' then
        new.visitor_key := visitor_key_of(new.phone_number);
      end if;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger visits_visitor_key before insert or update of phone_number on visits
    for each row execute function visits_visitor_key()`.execute(db);
  await sql`update visits set phone_number = phone_number where phone_number <> ''`.execute(db);

  // The summaries' indexes carry the key as they carry the phone, so a funder's counts stay
  // index-only scans. Replaced, not added: a sign-in writes as many index entries as before.
  await sql`drop index visits_time_in_idx`.execute(db);
  await sql`create index visits_time_in_idx on visits (time_in desc, id desc) include (location_id, program_id, phone_number, time_out, visitor_key)`.execute(
    db,
  );
  await sql`drop index visits_location_time_in_idx`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in desc, id desc) include (program_id, phone_number, time_out, visitor_key)`.execute(
    db,
  );
  await sql`analyze visits`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_location_time_in_idx`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in desc, id desc) include (program_id, phone_number, time_out)`.execute(
    db,
  );
  await sql`drop index visits_time_in_idx`.execute(db);
  await sql`create index visits_time_in_idx on visits (time_in desc, id desc) include (location_id, program_id, phone_number, time_out)`.execute(
    db,
  );
  await sql`drop trigger visits_visitor_key on visits`.execute(db);
  await sql`drop function visits_visitor_key()`.execute(db);
  await sql`drop function visitor_key_of(text)`.execute(db);
  await sql`alter table visits drop column visitor_key`.execute(db);
  await sql`alter table settings drop column visitor_key_outer, drop column visitor_key_inner`.execute(
    db,
  );
}
