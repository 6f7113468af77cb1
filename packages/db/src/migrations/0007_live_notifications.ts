import { sql, type Kysely } from "kysely";

/**
 * Every change to a visit, whoever writes it (a tablet, staff, a job), is announced on the
 * `vsi_visits` channel in the same transaction, so every server process hears it once it commits.
 * A statement changing more rows than a sheet would show (a purge, an import) announces one
 * `refresh` per location instead of flooding every listener.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function vsi_visits_notify() returns trigger language plpgsql as $$
    declare
      many boolean;
    begin
      if tg_op = 'DELETE' then
        many := (select count(*) from (select 1 from old_rows limit 51) s) > 50;
      else
        many := (select count(*) from (select 1 from new_rows limit 51) s) > 50;
      end if;
      if many then
        if tg_op = 'DELETE' then
          perform pg_notify('vsi_visits', json_build_object('locationId', l, 'kind', 'refresh')::text)
          from (select distinct location_id as l from old_rows) s;
        else
          perform pg_notify('vsi_visits', json_build_object('locationId', l, 'kind', 'refresh')::text)
          from (select distinct location_id as l from new_rows) s;
        end if;
      elsif tg_op = 'INSERT' then
        perform pg_notify('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'in')::text)
        from new_rows;
      elsif tg_op = 'UPDATE' then
        perform pg_notify('vsi_visits', json_build_object(
          'locationId', n.location_id, 'programId', n.program_id, 'visitId', n.id,
          'kind', case when o.time_out is null and n.time_out is not null then 'out' else 'changed' end)::text)
        from new_rows n join old_rows o on o.id = n.id;
        -- A visit moved to another location leaves the old one's sheet.
        perform pg_notify('vsi_visits', json_build_object('locationId', o.location_id, 'programId', o.program_id, 'visitId', o.id, 'kind', 'deleted')::text)
        from new_rows n join old_rows o on o.id = n.id
        where o.location_id <> n.location_id or o.program_id <> n.program_id;
      else
        perform pg_notify('vsi_visits', json_build_object('locationId', location_id, 'programId', program_id, 'visitId', id, 'kind', 'deleted')::text)
        from old_rows;
      end if;
      return null;
    end
    $$
  `.execute(db);
  // Statement triggers with transition tables: one per kind of statement.
  await sql`create trigger visits_notify_insert after insert on visits referencing new table as new_rows for each statement execute function vsi_visits_notify()`.execute(
    db,
  );
  await sql`create trigger visits_notify_update after update on visits referencing old table as old_rows new table as new_rows for each statement execute function vsi_visits_notify()`.execute(
    db,
  );
  await sql`create trigger visits_notify_delete after delete on visits referencing old table as old_rows for each statement execute function vsi_visits_notify()`.execute(
    db,
  );

  // A disconnected tablet or an archived location loses its open streams at once: `vsi_access`
  // names what changed, and the streams it concerns check who they serve again.
  await sql`
    create function vsi_access_notify() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'tablets' then
        perform pg_notify('vsi_access', 'tablet:' || new.id);
      else
        perform pg_notify('vsi_access', 'location:' || new.id);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger tablets_notify_revoked after update of revoked_at on tablets for each row
    when (old.revoked_at is null and new.revoked_at is not null) execute function vsi_access_notify()
  `.execute(db);
  await sql`
    create trigger locations_notify_archived after update of archived_at on locations for each row
    when (old.archived_at is null and new.archived_at is not null) execute function vsi_access_notify()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger locations_notify_archived on locations`.execute(db);
  await sql`drop trigger tablets_notify_revoked on tablets`.execute(db);
  await sql`drop function vsi_access_notify()`.execute(db);
  await sql`drop trigger visits_notify_delete on visits`.execute(db);
  await sql`drop trigger visits_notify_update on visits`.execute(db);
  await sql`drop trigger visits_notify_insert on visits`.execute(db);
  await sql`drop function vsi_visits_notify()`.execute(db);
}
