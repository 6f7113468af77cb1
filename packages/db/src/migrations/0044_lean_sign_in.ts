import { sql, type Kysely } from "kysely";

// A sign-in writes to the log only what some reader needs.
//
// An Idempotency-Key is kept on its visit (8 bytes of its SHA-256) instead of a row of its own with
// an index and a foreign key, whose check locked the new visit: a retry sends the same visitor, so
// the key is looked for among that phone's visits (visits_phone_idx), and two retries at once meet
// in visits_one_open_idx. Keys still within their day come along.
//
// The one-open-visit index also serves the sheets (open visits by location and program), as the
// index of open visits did: an unproven visit goes in under its own id, a proven one under 0, so a
// number has one proven open visit at a place and any number of unproven ones.
//
// The index of visits by program goes: a report by program alone walks the time index, which
// carries each visit's program. The time indexes no longer carry the phone, which no count reads
// since people are counted by their keys (nor, by location, the id, which only orders a location's
// visits of one instant, sorted as they are read), and, like the audit log's key, fill their pages
// whole: rows come in time order, so a full page at the end splits leaving it full and logs only
// the new row, not the tenth of a page a default split moves. A phone's visits are indexed by the
// phone alone: the few of one phone are sorted by time as they are read.
//
// A visit's location and program are checked by a trigger that reads them instead of foreign keys
// that lock their rows (a lock written to the log at every sign-in); deleting a place, which
// nothing in the product does (places are archived), waits for the visits being written, holds new
// ones off, and is refused while a visit names it, as the foreign keys refused it.
//
// The audit log's newest-first index is its primary key, (at, id), instead of an index beside
// one on id alone that no query reads; its indexes by action and by location leave sign-ins out:
// a list of some actions without sign-ins uses them, and sign-ins are half the log, found by
// walking it newest first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table visits add column idempotency_key bytea`.execute(db);
  await sql`update visits v set idempotency_key = substring(sha256(convert_to(k.key, 'UTF8')) from 1 for 8)
    from visit_idempotency_keys k
    where k.visit_id = v.id and k.created_at > now() - interval '24 hours'`.execute(db);
  await sql`drop table visit_idempotency_keys`.execute(db);

  await sql`drop index visits_one_open_idx`.execute(db);
  await sql`create unique index visits_one_open_idx
    on visits (location_id, program_id, phone_number, (case when unproven then id else 0 end))
    where time_out is null`.execute(db);
  await sql`drop index visits_open_idx`.execute(db);
  await sql`drop index visits_program_time_in_idx`.execute(db);
  await sql`drop index visits_time_in_idx`.execute(db);
  await sql`create index visits_time_in_idx on visits (time_in, id)
    include (location_id, program_id, time_out, visitor_key) with (fillfactor = 100)`.execute(db);
  await sql`drop index visits_location_time_in_idx`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in)
    include (program_id, time_out, visitor_key) with (fillfactor = 100)`.execute(db);
  await sql`drop index visits_phone_time_in_idx`.execute(db);
  await sql`create index visits_phone_idx on visits (phone_number)`.execute(db);

  await sql`alter table visits drop constraint visits_location_id_fkey`.execute(db);
  await sql`alter table visits drop constraint visits_program_id_fkey`.execute(db);
  await sql`create function visits_place_exists() returns trigger language plpgsql as $$
    begin
      -- Read, not locked: a place named by a visit is not deleted (places_keep_visits).
      if not exists (select 1 from locations where id = new.location_id) then
        raise foreign_key_violation using constraint = 'visits_location_id_fkey',
          message = format('insert or update on table "visits" violates foreign key constraint "visits_location_id_fkey": no location %s', new.location_id);
      end if;
      if not exists (select 1 from programs where id = new.program_id) then
        raise foreign_key_violation using constraint = 'visits_program_id_fkey',
          message = format('insert or update on table "visits" violates foreign key constraint "visits_program_id_fkey": no program %s', new.program_id);
      end if;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger visits_place before insert or update of location_id, program_id on visits
    for each row execute function visits_place_exists()`.execute(db);
  await sql`create function places_keep_visits() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and new.id = old.id then
        return new;
      end if;
      -- Waits for the visits being written and holds new ones off until this ends, so that none
      -- names a place that is gone.
      lock table visits in share mode;
      if tg_table_name = 'locations' and exists (select 1 from visits where location_id = old.id) then
        raise foreign_key_violation using constraint = 'visits_location_id_fkey',
          message = 'update or delete on table "locations" violates foreign key constraint "visits_location_id_fkey" on table "visits"';
      end if;
      if tg_table_name = 'programs' and exists (select 1 from visits where program_id = old.id) then
        raise foreign_key_violation using constraint = 'visits_program_id_fkey',
          message = 'update or delete on table "programs" violates foreign key constraint "visits_program_id_fkey" on table "visits"';
      end if;
      if tg_op = 'DELETE' then
        return old;
      end if;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger locations_keep_visits before delete or update of id on locations
    for each row execute function places_keep_visits()`.execute(db);
  await sql`create trigger programs_keep_visits before delete or update of id on programs
    for each row execute function places_keep_visits()`.execute(db);

  await sql`alter table audit_log drop constraint audit_log_pkey`.execute(db);
  await sql`drop index audit_log_at_idx`.execute(db);
  await sql`alter table audit_log add constraint audit_log_pkey primary key (at, id)
    with (fillfactor = 100)`.execute(db);
  await sql`drop index audit_log_action_at_idx`.execute(db);
  await sql`create index audit_log_action_at_idx on audit_log (action, at, id)
    where action <> 'visit.sign_in'`.execute(db);
  await sql`drop index audit_log_location_at_idx`.execute(db);
  await sql`create index audit_log_location_at_idx on audit_log (location_id, at, id)
    where action <> 'visit.sign_in'`.execute(db);
  await sql`analyze visits, audit_log`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_log_location_at_idx`.execute(db);
  await sql`create index audit_log_location_at_idx on audit_log (location_id, at, id)`.execute(db);
  await sql`drop index audit_log_action_at_idx`.execute(db);
  await sql`create index audit_log_action_at_idx on audit_log (action, at, id)`.execute(db);
  await sql`alter table audit_log drop constraint audit_log_pkey`.execute(db);
  await sql`alter table audit_log add constraint audit_log_pkey primary key (id)`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at, id)`.execute(db);

  await sql`drop trigger programs_keep_visits on programs`.execute(db);
  await sql`drop trigger locations_keep_visits on locations`.execute(db);
  await sql`drop function places_keep_visits()`.execute(db);
  await sql`drop trigger visits_place on visits`.execute(db);
  await sql`drop function visits_place_exists()`.execute(db);
  await sql`alter table visits add constraint visits_location_id_fkey foreign key (location_id)
    references locations (id) on delete restrict`.execute(db);
  await sql`alter table visits add constraint visits_program_id_fkey foreign key (program_id)
    references programs (id) on delete restrict`.execute(db);

  await sql`drop index visits_phone_idx`.execute(db);
  await sql`create index visits_phone_time_in_idx on visits (phone_number, time_in)`.execute(db);
  await sql`drop index visits_location_time_in_idx`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in, id)
    include (program_id, phone_number, time_out, visitor_key)`.execute(db);
  await sql`drop index visits_time_in_idx`.execute(db);
  await sql`create index visits_time_in_idx on visits (time_in, id)
    include (location_id, program_id, phone_number, time_out, visitor_key)`.execute(db);
  await sql`create index visits_program_time_in_idx on visits (program_id, time_in, id)`.execute(
    db,
  );
  await sql`create index visits_open_idx on visits (location_id, program_id, time_in) where time_out is null`.execute(
    db,
  );
  await sql`drop index visits_one_open_idx`.execute(db);
  await sql`create unique index visits_one_open_idx on visits (location_id, program_id, phone_number)
    where time_out is null and not unproven`.execute(db);

  // The keys' own table, empty: a digest cannot be turned back into its key.
  await sql`create table visit_idempotency_keys (
    key text primary key,
    visit_id integer not null references visits (id) on delete cascade,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`alter table visits drop column idempotency_key`.execute(db);
  await sql`analyze visits, audit_log`.execute(db);
}
