import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { useMemo, useSyncExternalStore } from "react";
import en from "../locales/en.json";
import es from "../locales/es.json";

// The kiosk's words (sheet, sign-in form, confirmations, sign-out dialog) in message catalogues
// read by Lingui: another language is one more file in locales/. Staff pages stay in English.

export const kioskLanguages = ["en", "es"] as const;
export type KioskLanguage = (typeof kioskLanguages)[number];

/** The tablet's own language when we have it, else English: every visitor starts there. */
export function defaultKioskLanguage(): KioskLanguage {
  const wanted =
    typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  const match = wanted
    .map((tag) => tag.slice(0, 2).toLowerCase())
    .find((tag) => (kioskLanguages as readonly string[]).includes(tag));
  return (match as KioskLanguage | undefined) ?? "en";
}

type Values = Record<string, string | number | undefined>;

// Compiled at build and test time (compiled-catalogues.ts): flat ids ("sheet.count") to messages.
const english = en as unknown as Messages;
const catalogues: Record<KioskLanguage, Messages> = {
  en: english,
  es: { ...english, ...(es as unknown as Messages) },
};

/**
 * One Lingui instance per language, each held in its language, so a staff page's English never
 * follows the kiosk's switch. A word missing in a language comes from English (merged above), a
 * missing key shows itself.
 */
const speakers = Object.fromEntries(
  kioskLanguages.map((lng) => [
    lng,
    setupI18n({ locale: lng, messages: { [lng]: catalogues[lng] }, missing: (_locale, id) => id }),
  ]),
) as Record<KioskLanguage, I18n>;
const listeners = new Set<() => void>();
let language: KioskLanguage = defaultKioskLanguage();

/** A message in ICU MessageFormat: `{name}` takes a value, `{count, plural, …}` picks by the language's rules. */
export function translate(lng: KioskLanguage, key: string, values?: Values): string {
  // React escapes what it renders: values go in as they are.
  return speakers[lng]._(key, values);
}

export const kioskI18n = {
  get language(): KioskLanguage {
    return language;
  },
  changeLanguage(lng: string): void {
    const next = (kioskLanguages as readonly string[]).includes(lng)
      ? (lng as KioskLanguage)
      : "en";
    if (next === language) return;
    language = next;
    listeners.forEach((listener) => listener());
  },
};

/** Back to the tablet's language, for the next visitor. */
export function resetKioskLanguage(): void {
  kioskI18n.changeLanguage(defaultKioskLanguage());
}

function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function useTranslationIn(fixed?: KioskLanguage) {
  const current = useSyncExternalStore(onLanguageChange, () => kioskI18n.language);
  const shown = fixed ?? current;
  const t = useMemo(() => (key: string, values?: Values) => translate(shown, key, values), [shown]);
  // `language` is what this t() speaks (staff: English whatever the kiosk's), for Intl formats.
  return { t, language: shown, i18n: kioskI18n };
}

/** The kiosk's t() and language, re-rendering on a language switch; needs no provider. */
export function useKioskTranslation() {
  return useTranslationIn();
}

/**
 * Staff pages' t(): the same catalogues, held in English while the rest of the staff pages are
 * written in English, so one page never switches language on its own. Dropping `lng` lets them
 * follow the browser once they all go through here.
 */
export function useStaffTranslation() {
  return useTranslationIn("en");
}
