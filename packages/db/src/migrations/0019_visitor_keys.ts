import { createHash, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

// Unduplicated counts that outlive erasure: each visit keeps a keyed hash of its phone number
// (HMAC-SHA256 with a secret made for this install), which retention leaves in place when it
// blanks the phone. A trigger writes it, so no writer of visits can forget it.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The install's secret, made once and kept only as its two pads.
  const { inner, outer } = hmacPads(randomBytes(32));
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

/**
 * The two pads of an HMAC-SHA256 key (RFC 2104): a visitor's key is then
 * sha256(outer || sha256(inner || phone)), which the database computes itself (visitor_key_of), so
 * every writer of a visit, a tablet's one statement included, gets it.
 */
function hmacPads(key: Buffer): { inner: Buffer; outer: Buffer } {
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash("sha256").update(key).digest() : key).copy(block);
  return {
    inner: Buffer.from(block.map((byte) => byte ^ 0x36)),
    outer: Buffer.from(block.map((byte) => byte ^ 0x5c)),
  };
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
