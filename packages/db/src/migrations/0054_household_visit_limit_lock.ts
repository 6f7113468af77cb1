import { sql, type Kysely } from "kysely";

// A household's visit limit, checked by the sign-in's own statement, one household at a time.
//
// Two sign-ins of one household at once (two members on two tablets) each counted the household's
// visits in their statement's snapshot, taken when the statement began: neither saw the other's
// visit, and both passed a limit of one. A lock taken inside that statement alone would not do:
// under READ COMMITTED the statement that waited for it still counts with the snapshot it began
// with. A volatile function's queries each take a fresh snapshot, so the count is made here, after
// the household's lock: the second sign-in waits for the first to commit, then counts its visit.
// The lock is an advisory one, held to the end of the transaction: it writes nothing (a row lock
// would mark the household's row at every sign-in) and it is taken only where a limit applies.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One household's changes that counting depends on (a limited sign-in, a merge, a member moved)
  // one after the other. 45: the households' key space (they came with migration 0045).
  await sql`create function household_lock(household integer) returns void
    language sql volatile as $$
      select pg_advisory_xact_lock(45, household)
    $$`.execute(db);
  // Whether a sign-in of this household to this program, at this location and time, is past the
  // program's visit limit: its visits to the program counted within the limit (approved ones too,
  // those waiting or declined not) reach its count, in the calendar month or week (from Monday)
  // of the time in the location's zone, its clock changes included, or within `days` days of it
  // either way (a visit sent late from an offline tablet is counted where it happened); at the
  // location alone unless `acrossLocations`. False without a household or a limit.
  await sql`create function household_visits_past_limit(program integer, household integer,
      location integer, visit_at timestamptz) returns boolean
    language plpgsql volatile as $$
    declare
      visit_limit jsonb;
      local_zone text;
      local_start timestamp;
      counted integer;
    begin
      if household is null then
        return false;
      end if;
      select p.visit_limit into visit_limit from programs p where p.id = program;
      if visit_limit is null then
        return false;
      end if;
      perform household_lock(household);
      select l.time_zone into local_zone from locations l where l.id = location;
      local_start := date_trunc(case when visit_limit->>'per' = 'week' then 'week' else 'month' end,
        visit_at at time zone local_zone);
      select count(*) into counted from visits v
        where v.household_id = household and v.program_id = program
          and (v.eligibility is null or v.eligibility = 'approved')
          and (coalesce((visit_limit->>'acrossLocations')::boolean, false) or v.location_id = location)
          and case when visit_limit->>'per' = 'days' then
              v.time_in > visit_at - make_interval(days => (visit_limit->>'days')::int)
              and v.time_in < visit_at + make_interval(days => (visit_limit->>'days')::int)
            else v.time_in >= local_start at time zone local_zone
              and v.time_in < (local_start + case when visit_limit->>'per' = 'week'
                then interval '7 days' else interval '1 month' end) at time zone local_zone
            end;
      return counted >= (visit_limit->>'count')::int;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function household_visits_past_limit(integer, integer, integer, timestamptz)`.execute(
    db,
  );
  await sql`drop function household_lock(integer)`.execute(db);
}
