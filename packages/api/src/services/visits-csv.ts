import { sql, type Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { visitConditions, type VisitFilters } from "./visit-filters.ts";

export const csvHeaders = ["Date", "Location", "Program", "Name", "PhoneNumber", "Temperature", "TimeIn", "TimeOut"] as const;
export type CsvRow = Record<(typeof csvHeaders)[number], string>;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula;
 * a leading apostrophe makes it text, as OWASP's CSV injection advice says.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** Rows per query: enough to keep the database busy, few enough that memory stays flat. */
const batchSize = 2000;

/**
 * Every matching visit, newest first, in keyset batches: each query starts after the last row of
 * the one before, so the millionth row costs what the first did, on PGlite as on a server.
 * Dates and times are formatted by PostgreSQL in the caller's zone (`2:07 PM`).
 */
export async function* csvRows(db: Kysely<Database>, filters: VisitFilters): AsyncGenerator<CsvRow[]> {
  const where = visitConditions(filters);
  const tz = filters.timeZone;
  const local = (column: "visits.time_in" | "visits.time_out") => sql`(${sql.ref(column)} at time zone ${tz})`;
  let after: { timeIn: string; id: number } | undefined;
  for (;;) {
    let query = db
      .selectFrom("visits")
      .innerJoin("locations", "locations.id", "visits.location_id")
      .innerJoin("programs", "programs.id", "visits.program_id")
      .select([
        "visits.id",
        sql<string>`visits.time_in::text`.as("cursor"),
        sql<string>`to_char(${local("visits.time_in")}, 'YYYY-MM-DD')`.as("Date"),
        "locations.name as Location",
        "programs.name as Program",
        sql<string>`visits.first_name || ' ' || visits.last_name`.as("Name"),
        sql<string>`substr(visits.phone_number, 1, 3) || '-' || substr(visits.phone_number, 4, 3) || '-' || substr(visits.phone_number, 7)`.as("PhoneNumber"),
        "visits.temperature as Temperature",
        sql<string>`to_char(${local("visits.time_in")}, 'FMHH12:MI AM')`.as("TimeIn"),
        sql<string>`coalesce(to_char(${local("visits.time_out")}, 'FMHH12:MI AM'), '')`.as("TimeOut"),
      ])
      .where(where)
      .orderBy("visits.time_in", "desc")
      .orderBy("visits.id", "desc")
      .limit(batchSize);
    if (after) {
      const cursor = after;
      query = query.where(sql<boolean>`(visits.time_in, visits.id) < (${cursor.timeIn}::timestamptz, ${cursor.id})`);
    }
    const rows = await query.execute();
    if (!rows.length) return;
    const last = rows[rows.length - 1]!;
    after = { timeIn: last.cursor, id: last.id };
    yield rows.map(({ id: _id, cursor: _cursor, ...row }) => {
      const cells = Object.entries(row).map(([key, value]) => [key, neutraliseFormula(value)]);
      return Object.fromEntries(cells) as CsvRow;
    });
    if (rows.length < batchSize) return;
  }
}
