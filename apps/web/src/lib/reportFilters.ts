import { periodDays } from "@vsi/api/schemas";
import { isoDate, positiveInt } from "@vsi/web-common/search-params";

// The report's filters and page live in the query string, so a report can be bookmarked.

export interface ReportFilters {
  from?: string;
  to?: string;
  locationId?: number;
  programId?: number;
}

export interface ReportSearch extends ReportFilters {
  page?: number;
}

/** validateSearch for the report; only the parameters that are set and usable are kept. */
export function reportSearch(search: Record<string, unknown>): ReportSearch {
  return withoutUndefined({
    from: isoDate(search.from),
    to: isoDate(search.to),
    locationId: positiveInt(search.locationId),
    programId: positiveInt(search.programId),
    page: positiveInt(search.page),
  });
}

/** From and To both set, To before From: said by To, and no report is asked for. */
export const toBeforeFrom = ({ from, to }: ReportFilters): boolean =>
  Boolean(from && to && periodDays(from, to) < 1);

/**
 * The zone of the report's days (From, To, the chart's bars, the CSV's dates): a chosen location's
 * own, so a visit at 23:30 there counts for its own day wherever the viewer is; across locations,
 * the viewer's. `zone` says which, for the page to tell.
 */
export function reportTimeZone(
  locations: ReadonlyArray<{ id: number; Name: string; TimeZone: string }>,
  locationId: number | undefined,
  viewerZone: string,
): { timeZone: string; zoneOf: string | undefined } {
  const location = locations.find((l) => l.id === locationId);
  return location
    ? { timeZone: location.TimeZone, zoneOf: location.Name }
    : { timeZone: viewerZone, zoneOf: undefined };
}

/** The CSV export: every matching row, as a plain GET the browser downloads in a new window. */
export function reportCsvUrl(filters: ReportFilters, timeZone: string): string {
  const query = new URLSearchParams({ format: "csv", timeZone });
  for (const [name, value] of Object.entries(withoutUndefined(filters)))
    query.set(name, String(value));
  return `/api/visits?${query.toString()}`;
}

/**
 * The day's sign sheet of the filters, when they name one day, a location and a program (a sheet
 * is one of each); else undefined.
 */
export function signSheetUrl(filters: ReportFilters, timeZone: string): string | undefined {
  const { from, to, locationId, programId } = filters;
  if (!from || from !== to || locationId === undefined || programId === undefined) return undefined;
  const query = new URLSearchParams({
    date: from,
    locationId: String(locationId),
    programId: String(programId),
    timeZone,
  });
  return `/api/reports/sign-sheet?${query.toString()}`;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}
