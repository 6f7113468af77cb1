import type { Question } from "../lib/types";

// Intake questions for the kiosk's tests, as GET /api/questions answers them.

let ids = 0;
/** A live question, asked by every program unless it says which. */
export function question(fields: Partial<Question> & Pick<Question, "Kind">): Question {
  ids += 1;
  return {
    id: ids,
    Label: { en: `Question ${ids}`, es: `Pregunta ${ids}` },
    Help: { en: "", es: "" },
    Required: false,
    Choices: [],
    Min: null,
    Max: null,
    ProgramIds: [],
    AskEvery: "visit",
    ReaskAfterMonths: null,
    Position: ids,
    LocationId: null,
    RetiredAt: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...fields,
  };
}

/** A choice of a choice question. */
export function choice(id: string) {
  return { id, Label: { en: `Choice ${id}`, es: `Opción ${id}` } };
}
