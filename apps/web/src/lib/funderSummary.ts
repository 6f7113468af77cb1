import type { ReportFilters } from "./reportFilters";

/** A month's figures: new people are those whose first visit is that month, returning the rest. */
export interface MonthFigures {
  month: string;
  visits: number;
  people: number;
  newPeople: number;
  returningPeople: number;
}

export interface ProgramMonth extends MonthFigures {
  programId: number;
  programName: string;
}

/** A program as the catalogue names it, in English and (where an admin wrote one) Spanish. */
export interface NamedProgram {
  id: number;
  Name: string;
  NameEs?: string | null;
}

/**
 * Each program of the summary with its months in order, the programs by their names (the summary
 * names them in the language it was asked in, an archived program too).
 */
export function programsOf(
  rows: ReadonlyArray<ProgramMonth>,
): Array<{ programId: number; programName: string; months: ProgramMonth[] }> {
  const named = new Map<
    number,
    { programId: number; programName: string; months: ProgramMonth[] }
  >();
  for (const row of rows) {
    const program = named.get(row.programId) ?? {
      programId: row.programId,
      programName: row.programName,
      months: [],
    };
    program.months.push(row);
    named.set(row.programId, program);
  }
  return [...named.values()].sort((a, b) => a.programName.localeCompare(b.programName));
}

/**
 * Whose name and logo head the printed summary: the chosen location's; with none chosen, every
 * location's name, and the logo when they have one between them (an organization's, set on each).
 */
export function printedSite(
  locations: ReadonlyArray<{ id: number; Name: string; LogoUrl: string | null }>,
  locationId: number | undefined,
): { name: string; logoUrl: string | null } | undefined {
  const named = locations.filter((l) => locationId === undefined || l.id === locationId);
  if (named.length === 0) return undefined;
  const logos = new Set(named.flatMap((l) => (l.LogoUrl ? [l.LogoUrl] : [])));
  return {
    name: named.map((l) => l.Name).join(" · "),
    logoUrl: logos.size === 1 ? [...logos][0]! : null,
  };
}

/** "February 2026" for "2026-02", in the reader's locale (the month's own, no zone to shift it). */
export function monthLabel(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
}

/**
 * "February 1, 2026" ("Feb 1, 2026" medium) for a calendar day, in the reader's locale (e.g.
 * es-US).
 */
export function dayLabel(day: string, locale: string, style: "long" | "medium" = "long"): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/**
 * The summary's CSV: the same filters, zone and language (the questions' words and the answers'
 * labels), as a plain GET the browser downloads.
 */
export function summaryCsvUrl(
  filters: ReportFilters & { from: string; to: string },
  timeZone: string,
  language: string,
  /** The summary itself, or its roll-up location by location. */
  report: "summary" | "network" = "summary",
): string {
  const query = new URLSearchParams({ format: "csv", timeZone, language });
  for (const [name, value] of Object.entries(filters))
    if (value !== undefined) query.set(name, String(value));
  return `/api/reports/${report}?${query.toString()}`;
}

/** A figure as a reader writes it: whole numbers as they are, others to at most two decimals. */
export function figure(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** A count's share of those who answered, in whole percent ("" when nobody answered). */
export function shareOf(count: number, answered: number, locale: string): string {
  if (answered === 0) return "";
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(
    count / answered,
  );
}
