import type { Language } from "@vsi/i18n/staff";

/** The day a week starts on (0 Sunday, 1 Monday): Spanish calendars Monday, English Sunday. */
export const weekStartOf = (language: Language): 0 | 1 => (language === "es" ? 1 : 0);

/** dayjs's names for the staff languages' locales (en-US, es-US): dayjs's "en" is the US's. */
export const datesLocaleOf: Record<Language, string> = { en: "en", es: "es-us" };
