import { kioskI18n } from "@vsi/i18n";

// A visitor's own phone keeps the language they chose at the door, so a reload (or coming back to
// sign out) speaks it again. A tablet never does: each visitor there starts in the tablet's language.

const languageKey = "vsi.door.language";

/** The language this phone's visitor chose before, if any (a phone that forbids storage has none). */
export function restoreDoorLanguage(): void {
  try {
    const chosen = window.localStorage.getItem(languageKey);
    if (chosen) kioskI18n.changeLanguage(chosen);
  } catch {
    // Storage refused (a private window's settings): the phone's own language, as on a first visit.
  }
}

/** Remembers the visitor's choice whenever they switch languages. */
export function rememberDoorLanguage(language: string): void {
  try {
    window.localStorage.setItem(languageKey, language);
  } catch {
    // Not kept: the next load starts in the phone's own language.
  }
}
