import { setupI18n, type I18n, type Messages } from "@lingui/core";
import en from "../locales/staff/en.json";
import es from "../locales/staff/es.json";
import { compileCatalogue } from "./compiled-catalogues.js";
import { languages, type Language } from "./languages.ts";

// The server's messages (e-mails) from the staff catalogues: React-free, compiled once when the
// server starts, since its bundle does not go through the apps' Vite plugin.

const speakers = Object.fromEntries(
  languages.map((lng) => {
    const messages = compileCatalogue({ en, es }[lng]) as unknown as Messages;
    return [lng, setupI18n({ locale: lng, messages: { [lng]: messages } })];
  }),
) as Record<Language, I18n>;

/** A message from the staff catalogues in a language, values put in as they are (escape after). */
export function serverTranslate(
  lng: Language,
  key: string,
  values?: Record<string, string | number>,
): string {
  return speakers[lng]._(key, values);
}

export { isLanguage, languages, type Language } from "./languages.ts";
