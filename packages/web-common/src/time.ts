// Dates and times are shown in the browser's own time zone, which is also the zone the server is
// told to read date filters in (as an IANA zone name).

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Today's calendar date in the given zone as YYYY-MM-DD (the sheet lists visits from today on). */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return isoDateInZone(now, timeZone);
}

/** The calendar date of an instant in a zone, as YYYY-MM-DD. */
export function isoDateInZone(date: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

/** Local short time such as "2:07 PM" (or "14:07" in a language that says so). */
export function formatLocalTime(iso: string, timeZone?: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone }).format(
    new Date(iso),
  );
}

/** Local short date such as "3/14/2024". */
export function formatLocalDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    timeZone,
  }).format(new Date(iso));
}
