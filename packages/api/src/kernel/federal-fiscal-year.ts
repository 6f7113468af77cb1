// The US federal fiscal year: 1 October to 30 September, named by the year it ends in.

const HOUR_MS = 60 * 60 * 1000;
/** The zones furthest ahead of and behind UTC: a date begins first at +14, last at -12. */
const earliestZoneHours = 14;
const latestZoneHours = -12;

/** The fiscal year a calendar date is in: October to December count toward the next year's. */
export function federalFiscalYear(year: number, month: number): number {
  return month >= 10 ? year + 1 : year;
}

/** Whole fiscal years a visit's records are kept after the one it fell in closes (TEFAP's). */
export const keptFiscalYears = 3;

/**
 * Visits begun before this may be erased at `now` by "kept until three years after the federal
 * fiscal year closes": a visit of fiscal year F is kept through 30 September of F + 3, in its
 * place's zone, wherever that is. So `now` is read where the date is latest (its fiscal year there
 * is the one every place has reached), and the fiscal year that is then past keeping ends where
 * its 1 October comes first: never erased early; at most a day late.
 */
export function federalFiscalYearCutoff(now: Date): Date {
  const there = new Date(now.getTime() + latestZoneHours * HOUR_MS);
  const current = federalFiscalYear(there.getUTCFullYear(), there.getUTCMonth() + 1);
  // The first fiscal year still kept: current - keptFiscalYears; it began 1 October of the year before.
  const firstKept = current - keptFiscalYears;
  return new Date(Date.UTC(firstKept - 1, 9, 1) - earliestZoneHours * HOUR_MS);
}
