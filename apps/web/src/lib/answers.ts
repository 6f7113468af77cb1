import type { AnswerValue } from "@vsi/api/schemas";
import { localeOf, wordsIn, type Language } from "@vsi/i18n/languages";
import { staffTranslate } from "@vsi/i18n/staff";
import type { Question } from "./types";

/** What of a question an answer is shown with: its kind and its choices' words. */
export type ShownQuestion = Pick<Question, "Kind" | "Choices">;

const choiceLabel = (question: ShownQuestion, id: string, language: Language) => {
  const choice = question.Choices.find((candidate) => candidate.id === id);
  return choice ? wordsIn(choice.Label, language) : id;
};

/**
 * An answer as staff read it, in their language: a choice by its label (several joined by ", "),
 * yes/no as Yes or No, a consent as Agreed or Not agreed, a date written out, a number in the
 * reader's way. Empty when there is none. A choice since taken off the question shows its id.
 */
export function answerText(
  question: ShownQuestion,
  value: AnswerValue | null | undefined,
  language: Language = "en",
): string {
  if (value === undefined || value === null) return "";
  const say = (key: string) => staffTranslate(language, key);
  switch (question.Kind) {
    case "choice":
      return typeof value === "string" ? choiceLabel(question, value, language) : String(value);
    case "choices":
      return Array.isArray(value)
        ? value.map((id) => choiceLabel(question, id, language)).join(", ")
        : String(value);
    case "yesno":
      return value === true
        ? say("common.yes")
        : value === false
          ? say("common.no")
          : String(value);
    case "consent":
      return value === true
        ? say("answers.agreed")
        : value === false
          ? say("answers.notAgreed")
          : String(value);
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? new Intl.DateTimeFormat(localeOf[language], {
            dateStyle: "medium",
            timeZone: "UTC",
          }).format(new Date(`${value}T00:00:00Z`))
        : String(value);
    case "number":
      return typeof value === "number"
        ? new Intl.NumberFormat(localeOf[language]).format(value)
        : String(value);
    default:
      return Array.isArray(value) ? value.join(", ") : String(value);
  }
}
