import { emptyQuestion } from "../components/QuestionForm";
import type { Question } from "../lib/types";

// Intake questions for the staff app's tests, as GET /api/questions answers them.

/** A label or help text in both languages (Spanish the same unless given). */
export const words = (en: string, es = en) => ({ en, es });

/** A live short-text question asked by every program, with the given fields instead. */
export const question = (id: number, fields: Partial<Question> = {}): Question => ({
  ...emptyQuestion,
  id,
  Label: words(`Question ${id}`),
  // A saved question's choices have their ids (the form's new ones have none yet).
  Choices: [],
  Position: id,
  LocationId: null,
  RetiredAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...fields,
});
