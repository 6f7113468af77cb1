import { programName, type ProgramNames } from "@vsi/i18n/languages";

/** A visitor's number in the line, and which line it is in where the location has several. */
export interface LineNumber {
  number: number;
  /** The program whose line of its own the number is in; null: the location's shared line. */
  line: ProgramNames | null;
  /** Whether some program there has a line of its own, so "number 5" alone could be either. */
  severalLines: boolean;
}

/**
 * The name of the line a number is in, as the now-serving screen groups them ("Pantry line", the
 * other programs' line), shown above the number where the location has several; null where it
 * has one line.
 */
export function lineName(
  t: (key: string, values?: Record<string, string | number>) => string,
  language: string,
  { line, severalLines }: LineNumber,
): string | null {
  if (line) return t("line.own", { line: programName(line, language) });
  return severalLines ? t("line.others") : null;
}
