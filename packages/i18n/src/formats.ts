import { localeOf, type Language } from "./languages.ts";

// Numbers, dates and times as the reader's language writes them. A time zone, when given, is the
// zone the instant is read in (a location's); without one, the browser's.

export function formatNumber(language: Language, value: number): string {
  return new Intl.NumberFormat(localeOf[language]).format(value);
}

/** "11/26/2026" in English, "26/11/2026" in Spanish. */
export function formatDate(language: Language, iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(localeOf[language], {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    timeZone,
  }).format(new Date(iso));
}

/** "2:07 PM" in English, "2:07 p.m." in Spanish. */
export function formatTime(language: Language, iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(localeOf[language], {
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(new Date(iso));
}

export function formatDateTime(language: Language, iso: string, timeZone?: string): string {
  return `${formatDate(language, iso, timeZone)} ${formatTime(language, iso, timeZone)}`;
}
