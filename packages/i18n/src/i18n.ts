import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { useMemo, useSyncExternalStore } from "react";
import en from "../locales/en.json";
import es from "../locales/es.json";
import { browserLanguages } from "./browser-languages.ts";
import { languageOf, languages, type Language } from "./languages.ts";

// The kiosk's words (sheet, sign-in form, confirmations, sign-out dialog) in message catalogues
// read by Lingui: another language is one more file in locales/. The staff app's words are in
// catalogues of their own (locales/staff/, `./staff.ts`), which a tablet never downloads.

export const kioskLanguages = languages;
export type KioskLanguage = Language;

/** The tablet's own language when we have it, else English: every visitor starts there. */
export function defaultKioskLanguage(): KioskLanguage {
  return languageOf(browserLanguages());
}

type Values = Record<string, string | number | undefined>;

// Compiled at build and test time (compiled-catalogues.ts): flat ids ("sheet.count") to messages.
const english = en as unknown as Messages;
const catalogues: Record<KioskLanguage, Messages> = {
  en: english,
  es: { ...english, ...(es as unknown as Messages) },
};

/**
 * One Lingui instance per language, each held in its language. A word missing in a language comes
 * from English (merged above), a missing key shows itself.
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

/** The kiosk's t() and language, re-rendering on a language switch; needs no provider. */
export function useKioskTranslation() {
  const shown = useSyncExternalStore(onLanguageChange, () => kioskI18n.language);
  const t = useMemo(() => (key: string, values?: Values) => translate(shown, key, values), [shown]);
  return { t, language: shown, i18n: kioskI18n };
}

// The staff app's own entry is `@vsi/i18n/staff`; this one is left for pages not moved to it yet
// (unused by the kiosk, so its build leaves the staff catalogues out).
export { useStaffTranslation } from "./staff.ts";
