import type { AnswerValue } from "@vsi/api/schemas";
import type { Question } from "./types";

/** What of a question an answer is shown with: its kind and its choices' words. */
export type ShownQuestion = Pick<Question, "Kind" | "Choices">;

const choiceLabel = (question: ShownQuestion, id: string) =>
  question.Choices.find((choice) => choice.id === id)?.Label.en ?? id;

/**
 * An answer as staff read it: a choice by its label (several joined by ", "), yes/no as Yes or No,
 * a consent as Agreed or Not agreed, a date written out, a number in the reader's way. Empty when
 * there is none. A choice since taken off the question shows its id.
 */
export function answerText(
  question: ShownQuestion,
  value: AnswerValue | null | undefined,
  language = "en",
): string {
  if (value === undefined || value === null) return "";
  switch (question.Kind) {
    case "choice":
      return typeof value === "string" ? choiceLabel(question, value) : String(value);
    case "choices":
      return Array.isArray(value)
        ? value.map((id) => choiceLabel(question, id)).join(", ")
        : String(value);
    case "yesno":
      return value === true ? "Yes" : value === false ? "No" : String(value);
    case "consent":
      return value === true ? "Agreed" : value === false ? "Not agreed" : String(value);
    case "date":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(
            new Date(`${value}T00:00:00Z`),
          )
        : String(value);
    case "number":
      return typeof value === "number"
        ? new Intl.NumberFormat(language).format(value)
        : String(value);
    default:
      return Array.isArray(value) ? value.join(", ") : String(value);
  }
}
