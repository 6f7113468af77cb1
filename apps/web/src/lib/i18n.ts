import i18next from "i18next";
import { initReactI18next, useTranslation } from "react-i18next";
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
void kioskI18n.use(initReactI18next).init({
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

/** The kiosk's t() and language, re-rendering on a language switch; needs no provider. */
export function useKioskTranslation() {
  return useTranslation("kiosk", { i18n: kioskI18n });
}

/**
 * Staff pages' t(): the same catalogues, held in English while the rest of the staff pages are
 * written in English, so one page never switches language on its own. Dropping `lng` lets them
 * follow the browser once they all go through here.
 */
export function useStaffTranslation() {
  return useTranslation("kiosk", { i18n: kioskI18n, lng: "en" });
}
