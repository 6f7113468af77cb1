import { ageBandLabel, calendarMonth } from "@vsi/api/schemas";
import { reportSearch, type ReportSearch } from "./reportFilters";

// Report presets on the report pages: a preset's bands as a reader writes them, and the choices a
// Select of presets offers.

/** "0-17,18-64,65-" as "0–17, 18–64, 65+". */
export function bandsLabel(ageBands: string): string {
  return ageBands
    .split(",")
    .map((band) => ageBandLabel(band.trim()))
    .join(", ");
}

/** A preset as its Select shows it: "Monthly partner report (0–17, 18–64, 65+)". */
export const presetLabel = (preset: { name: string; ageBands: string }) =>
  `${preset.name} (${bandsLabel(preset.ageBands)})`;

/**
 * The funder summary's choice of bands: each preset by its bands (two presets with the same bands
 * are one choice, the first's name), and bands a bookmarked address holds that no preset has.
 */
export function ageBandChoices(
  presets: ReadonlyArray<{ name: string; ageBands: string }>,
  current: string,
): Array<{ value: string; label: string }> {
  const choices = new Map<string, string>();
  for (const preset of presets)
    if (!choices.has(preset.ageBands)) choices.set(preset.ageBands, presetLabel(preset));
  if (!choices.has(current)) choices.set(current, bandsLabel(current));
  return [...choices].map(([value, label]) => ({ value, label }));
}

/** A calendar month, "2026-02", or undefined: what the partner report's address may carry. */
export function calendarMonthOf(value: unknown): string | undefined {
  const month = calendarMonth.safeParse(value);
  return month.success ? month.data : undefined;
}

/** validateSearch for the funder summary: the report's filters and the bands asked for. */
export function summarySearch(
  search: Record<string, unknown>,
): ReportSearch & { ageBands?: string } {
  const ageBands =
    typeof search.ageBands === "string" && search.ageBands.trim()
      ? search.ageBands.trim()
      : undefined;
  return ageBands ? { ...reportSearch(search), ageBands } : reportSearch(search);
}
