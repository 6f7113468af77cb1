/** "Ada Lovelace" -> "Ada L.": the sheet shows visitors by first name and last initial only. */
export function nameWithLastInitial(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

/** A program as a visitor reading `language` sees it: its Spanish name when it has one. */
export function programName(
  program: { Name: string; NameEs?: string | null },
  language: string,
): string {
  return (language === "es" && program.NameEs) || program.Name;
}
