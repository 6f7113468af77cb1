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
 * What the tablet's confirmation and the phone say of the number: "Your number is 5" where the
 * location has one line, else with the line's name, as the now-serving screen groups them.
 */
export function lineNumberText(
  t: (key: string, values?: Record<string, string | number>) => string,
  language: string,
  { number, line, severalLines }: LineNumber,
  plainKey: string,
): string {
  if (line) return t("line.own", { line: programName(line, language), number });
  return severalLines ? t("line.others", { number }) : t(plainKey, { number });
}
