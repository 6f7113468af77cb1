// The languages people can read the product in, and how one is picked. React-free and
// browser-free: the API's schemas and the server's e-mails use it too (the browser's own
// languages are read in browser-languages.ts).

export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return (languages as readonly unknown[]).includes(value);
}

/** The first of the browser's languages we have ("es-MX" is "es"), else English. */
export function languageOf(wanted: readonly string[]): Language {
  const match = wanted.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return match ?? "en";
}

/** A person's own choice wins; without one (null), their browser's languages decide. */
export function pickLanguage(choice: Language | null | undefined, wanted: readonly string[]) {
  return choice ?? languageOf(wanted);
}

/**
 * The locale dates and numbers are written in: the United States' English and Spanish (the
 * Spanish of community sites in the US: "1,234.5", "26 de noviembre de 2026").
 */
export const localeOf: Record<Language, string> = { en: "en-US", es: "es-US" };

/**
 * Words an admin wrote in both languages (a question's label, help and choices), in the reader's:
 * the Spanish when written, else the English, which is always there.
 */
export function wordsIn(words: { en: string; es: string }, language: Language): string {
  return (language === "es" ? words.es.trim() : "") || words.en;
}

/** A program's two names: the English always, the Spanish when an admin wrote one. */
export interface ProgramNames {
  Name: string;
  NameEs?: string | null;
}

/**
 * A program as a reader of `language` sees it: its Spanish name where an admin wrote one (the
 * same rule as every word an admin writes in both languages).
 */
export function programName(program: ProgramNames, language: string): string {
  return wordsIn(
    { en: program.Name, es: program.NameEs ?? "" },
    isLanguage(language) ? language : "en",
  );
}
