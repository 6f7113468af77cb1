import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { useMemo, useSyncExternalStore } from "react";
import en from "../locales/staff/en.json";
import es from "../locales/staff/es.json";
import { formatDate, formatDateTime, formatNumber, formatTime } from "./formats.ts";
import { browserLanguages } from "./browser-languages.ts";
import { languages, localeOf, pickLanguage, type Language } from "./languages.ts";

// The staff app's words, in catalogues of their own (locales/staff/): the kiosk's first download
// carries none of them. The language is the person's choice on My Account, else the browser's.

type Values = Record<string, string | number | undefined>;

// Compiled at build and test time (compiled-catalogues.js): flat ids to messages.
const catalogues: Record<Language, Messages> = {
  en: en as unknown as Messages,
  es: es as unknown as Messages,
};
const speakers = Object.fromEntries(
  languages.map((lng) => [
    lng,
    setupI18n({ locale: lng, messages: { [lng]: catalogues[lng] }, missing: (_locale, id) => id }),
  ]),
) as Record<Language, I18n>;

/** A staff message in a language (ICU MessageFormat); a missing key shows itself. */
export function staffTranslate(lng: Language, key: string, values?: Values): string {
  return speakers[lng]._(key, values);
}

let choice: Language | null = null;
// A page's own language for someone who has made no choice: an invite's, for the invitee.
let suggestion: Language | null = null;
let language: Language = pickLanguage(choice, browserLanguages());
const listeners = new Set<() => void>();

function settle(): void {
  const next = pickLanguage(choice ?? suggestion, browserLanguages());
  if (next === language) return;
  language = next;
  if (typeof document !== "undefined") document.documentElement.lang = next;
  listeners.forEach((listener) => listener());
}

// The page says its language (screen readers, hyphenation), and follows the browser's changes.
if (typeof document !== "undefined") document.documentElement.lang = language;
if (typeof window !== "undefined") window.addEventListener("languagechange", settle);

export const staffLanguage = {
  get current(): Language {
    return language;
  },
  /** The signed-in person's choice (null: follow the browser); every page switches at once. */
  choose(next: Language | null): void {
    choice = next;
    settle();
  },
  /** What a page speaks to someone without a choice, before their browser's (null: nothing). */
  suggest(next: Language | null): void {
    suggestion = next;
    settle();
  },
};

function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The staff pages' t(), language and formats, re-rendering when the language changes. */
export function useStaffTranslation() {
  const current = useSyncExternalStore(onLanguageChange, () => language);
  return useMemo(
    () => ({
      t: (key: string, values?: Values) => staffTranslate(current, key, values),
      language: current,
      locale: localeOf[current],
      formatNumber: (value: number) => formatNumber(current, value),
      formatDate: (iso: string, timeZone?: string) => formatDate(current, iso, timeZone),
      formatTime: (iso: string, timeZone?: string) => formatTime(current, iso, timeZone),
      formatDateTime: (iso: string, timeZone?: string) => formatDateTime(current, iso, timeZone),
    }),
    [current],
  );
}

export { languages, type Language } from "./languages.ts";
