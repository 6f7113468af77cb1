import { sql, type Kysely } from "kysely";

// A sheet (the open visits of a location, or of one program there) is read through
// visits_one_open_idx by a plain index scan, never a bitmap scan.
//
// A signed-out visit's entry stays in the index until vacuum. A plain index scan visits its row
// once, finds it dead and marks the entry so that later scans skip it; a bitmap scan marks
// nothing, so every sheet read visits every signed-out visit's row again, until vacuum: after a
// busy hour that is most of what a sheet costs. The index no longer holds open visits in sheet
// order (it is keyed by phone, for the one-open-visit rule), so the planner weighs a bitmap scan
// and a sort against an index scan and a sort, and takes either on statistics alone. A statement
// cannot say which scan to use, a function's own setting can.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function open_visits(location integer, program integer) returns setof visits
    language plpgsql stable
    set enable_bitmapscan = off
    set enable_seqscan = off
    as $$
    begin
      if program is null then
        return query select * from visits v where v.location_id = location and v.time_out is null;
      else
        return query select * from visits v
          where v.location_id = location and v.program_id = program and v.time_out is null;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function open_visits(integer, integer)`.execute(db);
}
