import { act, screen, within } from "@testing-library/react";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it } from "vitest";
import type { QuestionFigures } from "../lib/types";
import { renderWithTheme } from "../test/render";
import { QuestionFiguresList } from "./QuestionFiguresList";

// What GET /api/reports/summary?language=es answers: the words as the questions keep them in
// Spanish, the answers the summary names itself from the staff catalogue.
const inSpanish: QuestionFigures[] = [
  {
    questionId: 1,
    kind: "number",
    label: "¿Cuántas personas viven en su hogar?",
    retired: false,
    answered: 2,
    counts: [],
    sum: 7,
    mean: 3.5,
  },
  {
    questionId: 2,
    kind: "consent",
    label: "Acepto las normas de la despensa.",
    retired: false,
    answered: 3,
    counts: [
      { value: "true", label: "Aceptó", count: 2 },
      { value: "false", label: "No aceptó", count: 1 },
    ],
    sum: null,
    mean: null,
  },
];

describe("QuestionFiguresList", () => {
  afterEach(() => act(() => staffLanguage.choose(null)));

  it("shows each question's figures in Spanish, with the words the API sends in Spanish", () => {
    act(() => staffLanguage.choose("es"));
    renderWithTheme(<QuestionFiguresList questions={inSpanish} people={3} />);
    const list = screen.getByRole("region", { name: "Respuestas a las preguntas" });
    const household = within(list).getByRole("region", {
      name: "¿Cuántas personas viven en su hogar?",
    });
    expect(within(household).getByText("2 de 3 personas respondieron")).toBeInTheDocument();
    expect(within(household).getByText("Promedio")).toBeInTheDocument();
    expect(within(household).getByText("3.5")).toBeInTheDocument();
    const consent = within(list).getByRole("region", { name: "Acepto las normas de la despensa." });
    expect(within(consent).getByText("Aceptó")).toBeInTheDocument();
    expect(within(consent).getByText("No aceptó")).toBeInTheDocument();
    expect(within(consent).getByText("67%")).toBeInTheDocument();
  });
});
