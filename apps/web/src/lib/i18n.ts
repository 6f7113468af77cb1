import i18next from "i18next";
import { useMemo, useSyncExternalStore } from "react";
import en from "../locales/en.json";
import es from "../locales/es.json";

// The kiosk's words (sheet, sign-in form, confirmations, sign-out dialog) in message catalogues:
// another language is one more file in src/locales. Staff pages stay in English.

export const kioskLanguages = ["en", "es"] as const;
export type KioskLanguage = (typeof kioskLanguages)[number];

/** The tablet's own language when we have it, else English: every visitor starts there. */
export function defaultKioskLanguage(): KioskLanguage {
  const wanted = typeof navigator === "undefined" ? [] : navigator.languages ?? [navigator.language];
  const match = wanted.map((tag) => tag.slice(0, 2).toLowerCase()).find((tag) => (kioskLanguages as readonly string[]).includes(tag));
  return (match as KioskLanguage | undefined) ?? "en";
}

export const kioskI18n = i18next.createInstance();
void kioskI18n.init({
  resources: { en: { kiosk: en }, es: { kiosk: es } },
  lng: defaultKioskLanguage(),
  fallbackLng: "en",
  ns: ["kiosk"],
  defaultNS: "kiosk",
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Back to the tablet's language, for the next visitor. */
export function resetKioskLanguage(): void {
  if (kioskI18n.language !== defaultKioskLanguage()) void kioskI18n.changeLanguage(defaultKioskLanguage());
}

// i18next's own events drive re-rendering: react-i18next would add 2 kB to the sheet's first load
// for the same two lines.
function onLanguageChange(listener: () => void): () => void {
  kioskI18n.on("languageChanged", listener);
  return () => kioskI18n.off("languageChanged", listener);
}

function useTranslationIn(fixed?: KioskLanguage) {
  const current = useSyncExternalStore(onLanguageChange, () => kioskI18n.language);
  const language = fixed ?? current;
  const t = useMemo(() => kioskI18n.getFixedT(language, "kiosk"), [language]);
  return { t, i18n: kioskI18n };
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
