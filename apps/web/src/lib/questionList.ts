import { programName, wordsIn, type Language } from "@vsi/i18n/languages";
import type { ProgramListItem } from "./types";

/** What the questions list shows of each question: its words and its programs' names, in the reader's language. */
export function questionRows<Q extends { Label: { en: string; es: string }; ProgramIds: number[] }>(
  questions: Q[],
  programs: ProgramListItem[],
  language: Language,
) {
  const byId = new Map(programs.map((program) => [program.id, program]));
  return questions.map((question) => ({
    ...question,
    label: wordsIn(question.Label, language),
    programNames: question.ProgramIds.map((id) => {
      const program = byId.get(id);
      return program ? programName(program, language) : `#${id}`;
    }),
  }));
}
