import { sql, type Kysely } from "kysely";

// Shared and own catalogues: a program is the network's (location_id null, any location may offer
// it, so reports compare like with like) or one location's own, offered there alone. Existing
// programs stay the network's. Made with its location and never moved: a location's own program
// goes with it.
//
// Whoever writes location_programs (the API, a script), another location's own program is refused
// there, so a tablet or the door, which list a location's programs from it, never offer it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table programs add column location_id integer references locations(id) on delete cascade`.execute(
    db,
  );
  await sql`create index programs_location_id_idx on programs (location_id) where location_id is not null`.execute(
    db,
  );
  await sql`create function location_programs_own_site() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from programs p
                 where p.id = new.program_id and p.location_id <> new.location_id) then
        raise check_violation using constraint = 'location_programs_own_site',
          message = 'a location''s own program is offered at that location alone';
      end if;
      return new;
    end
  $$`.execute(db);
  await sql`create trigger location_programs_own_site before insert or update on location_programs
    for each row execute function location_programs_own_site()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger location_programs_own_site on location_programs`.execute(db);
  await sql`drop function location_programs_own_site()`.execute(db);
  await sql`alter table programs drop column location_id`.execute(db);
}
