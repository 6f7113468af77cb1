import { csvLine, formulaSafeCell, utf8Bom } from "../kernel/csv-encoding.ts";
import type { PartnerReport } from "./partner-report-schema.ts";

/** The columns before the bands': one line per month, location and program. */
export const partnerReportCsvHeaders = [
  "Month",
  "Location",
  "Program",
  "Visits",
  "Households",
  "NewHouseholds",
  "Individuals",
  "PartySizes",
] as const;

/**
 * The monthly partner report as CSV: a line per month, location and program that had visits,
 * then a column per age band (`Individuals 0-17`, …, `Individuals unknown`). The column names
 * stay in English for the spreadsheets that read them; programs are named in the report's language.
 */
export function partnerReportCsv(report: PartnerReport): string {
  let csv =
    utf8Bom +
    csvLine([...partnerReportCsvHeaders, ...report.bands.map((band) => `Individuals ${band}`)]);
  for (const row of report.rows)
    csv += csvLine([
      row.month,
      formulaSafeCell(row.locationName),
      formulaSafeCell(row.programName),
      String(row.visits),
      String(row.households),
      String(row.newHouseholds),
      String(row.individuals),
      String(row.partySizes),
      ...row.ageBands.map(({ count }) => String(count)),
    ]);
  return csv;
}
