import type { Kysely } from "kysely";
import type { Database } from "@vsi/db";
import type { CalendarDate, TimeZone } from "../kernel/calendar.ts";
import { csvFileName } from "./csv-filename.ts";
import { csvLine, utf8Bom } from "../kernel/csv-encoding.ts";
import { onSiteSelect, type OnSitePlace } from "./on-site.ts";
import { csvCells } from "./visits-csv.ts";
import { setSessionZone } from "../kernel/csv-times.ts";

/** The roll call's columns: the report's, for the people in the building now. */
export const onSiteCsvHeaders = ["Location", "Program", "Name", "PhoneNumber", "TimeIn"] as const;

/**
 * Everyone signed in now as CSV, in the roll call's order, formatted in SQL like the report's
 * export (formula-safe cells, times in `timeZone` with its offset). A building's worth of rows
 * at most, so one query and one string.
 */
export async function onSiteCsv(
  db: Kysely<Database>,
  place: OnSitePlace,
  timeZone: TimeZone,
): Promise<string> {
  const rows = await db.transaction().execute(async (trx) => {
    await setSessionZone(timeZone).execute(trx);
    return onSiteSelect(trx, place)
      .select([
        csvCells.Location.as("Location"),
        csvCells.Program.as("Program"),
        csvCells.Name.as("Name"),
        csvCells.PhoneNumber.as("PhoneNumber"),
        csvCells.TimeIn.as("TimeIn"),
      ])
      .execute();
  });
  let csv = utf8Bom + csvLine(onSiteCsvHeaders);
  for (const row of rows) csv += csvLine(onSiteCsvHeaders.map((column) => row[column]));
  return csv;
}

/** `on-site-2026-11-22-valencia.csv`: the report's naming rule, with today's date in `timeZone`. */
export function onSiteCsvFileName(
  db: Kysely<Database>,
  locationId: number | undefined,
  timeZone: TimeZone,
  now: Date,
) {
  // en-CA writes dates as YYYY-MM-DD.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(now) as CalendarDate;
  return csvFileName(db, { from: today, to: today, locationId, timeZone }, "on-site");
}
