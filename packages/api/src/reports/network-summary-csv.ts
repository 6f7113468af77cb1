import type { Executor } from "@vsi/db";
import { csvLine, formulaSafeCell, utf8Bom } from "../kernel/csv-encoding.ts";
import { programCellOf } from "./funder-summary-csv.ts";
import type { FunderSummaryInput } from "./funder-summary-schema.ts";
import { networkSummary } from "./network-summary.ts";

export const networkSummaryCsvHeaders = [
  "Location",
  "Program",
  "Period",
  "Visits",
  "People",
  "NewPeople",
  "ReturningPeople",
] as const;

/**
 * The roll-up as CSV: first every location together (Location "All locations"), then a line per
 * location, as the summary's totals count them; Period `from/to`, Program the chosen one or
 * "All programs".
 */
export async function networkSummaryCsv(db: Executor, input: FunderSummaryInput): Promise<string> {
  const [summary, programCell] = await Promise.all([
    networkSummary(db, input),
    programCellOf(db, input),
  ]);
  const period = `${input.from}/${input.to}`;
  const line = (
    location: string,
    figures: { visits: number; people: number; newPeople: number; returningPeople: number },
  ) =>
    csvLine([
      formulaSafeCell(location),
      formulaSafeCell(programCell),
      period,
      String(figures.visits),
      String(figures.people),
      String(figures.newPeople),
      String(figures.returningPeople),
    ]);
  let csv = utf8Bom + csvLine(networkSummaryCsvHeaders) + line("All locations", summary.network);
  for (const location of summary.locations) csv += line(location.locationName, location);
  return csv;
}
