import { sql } from "@vsi/db";
import { withDb } from "./pg.ts";

/**
 * The numbers the line gave, read back from the database: per location, local day and line, how
 * many visits hold a number, how many distinct numbers, and the highest. A number held twice is a
 * duplicate; one below the highest that no visit holds is a gap (a rolled-back sign-in gives its
 * number back in this design, so none is expected).
 */
export async function lineNumbers(database: string) {
  const rows = await withDb(database, async (db) => {
    const { rows } = await sql<{ given: string; distinct_numbers: string; top: number }>`
      select count(*) as given, count(distinct v.queue_number) as distinct_numbers,
             max(v.queue_number) as top
      from visits v join locations l on l.id = v.location_id
      where v.queue_number is not null
      group by v.location_id, (v.time_in at time zone l.time_zone)::date, coalesce(v.queue_line, 0)`.execute(
      db,
    );
    return rows;
  });
  const sum = (pick: (row: (typeof rows)[number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    /** Location-days-lines that gave numbers. */
    lines: rows.length,
    numbersGiven: sum((row) => Number(row.given)),
    /** Numbers held by more than one visit of the same line and day (each extra holder counted). */
    duplicates: sum((row) => Number(row.given) - Number(row.distinct_numbers)),
    /** Numbers from 1 to the highest given that no visit holds. */
    gaps: sum((row) => row.top - Number(row.distinct_numbers)),
  };
}
