import { sql, type Kysely } from "kysely";

// Access per location: a user holds a role at each of their locations, staff or the site's admin;
// an admin (is_admin) is the network's and holds every location.
//
// "Staff of every location" is a flag on the user, not a row per location: rows written here would
// hold the locations of today only, and a location made tomorrow would be hidden from everyone
// who was staff before, until someone noticed. The flag holds every location, later ones
// included, until someone narrows the user's access (which clears it and writes rows). It
// defaults to true, so today's staff, and a user written by any older writer (an invite without
// access, a script, the seed), keep seeing every location as before. A row's role overrides the
// flag's staff at its location (a site admin there).
//
// An invite carries the access its user will get (null: staff of every location, as before).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table location_access (
    user_id integer not null references users(id) on delete cascade,
    location_id integer not null references locations(id) on delete cascade,
    role text not null check (role in ('staff', 'admin')),
    primary key (user_id, location_id)
  )`.execute(db);
  await sql`create index location_access_location_id_idx on location_access (location_id)`.execute(
    db,
  );
  await sql`alter table users add column staff_of_every_location boolean not null default true`.execute(
    db,
  );
  await sql`alter table invites add column access jsonb`.execute(db);
  // A user whose access narrows loses their open streams at once, as one deactivated does: their
  // streams check who they serve again.
  await sql`create trigger location_access_notify_removed after delete on location_access
    for each row execute function vsi_user_access_notify()`.execute(db);
  await sql`create trigger users_notify_narrowed after update of staff_of_every_location, is_admin on users
    for each row when (old.staff_of_every_location and not new.staff_of_every_location
      or old.is_admin and not new.is_admin)
    execute function vsi_user_access_notify()`.execute(db);
  // Alerts go to subscribers who still hold the location: one narrowed away from it hears no more
  // of its sign-ins, without their subscription being rewritten.
  await sql`create or replace view staff_alert_recipients as
    select 'visit.signed_in'::text as event_type, s.location_id, s.program_id, s.user_id
    from staff_alert_subscriptions s join users u on u.id = s.user_id
    where u.deactivated_at is null
      and (u.is_admin or u.staff_of_every_location or exists (
        select 1 from location_access a where a.user_id = s.user_id and a.location_id = s.location_id))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace view staff_alert_recipients as
    select 'visit.signed_in'::text as event_type, s.location_id, s.program_id, s.user_id
    from staff_alert_subscriptions s join users u on u.id = s.user_id
    where u.deactivated_at is null`.execute(db);
  await sql`drop trigger users_notify_narrowed on users`.execute(db);
  await sql`drop trigger location_access_notify_removed on location_access`.execute(db);
  await sql`alter table invites drop column access`.execute(db);
  await sql`alter table users drop column staff_of_every_location`.execute(db);
  await sql`drop table location_access`.execute(db);
}
