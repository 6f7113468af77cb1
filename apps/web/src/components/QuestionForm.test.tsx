import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../test/render";
import { emptyQuestion, QuestionForm, type QuestionFormValues } from "./QuestionForm";

const programs = [
  { id: 1, Name: "Food Pantry", NameEs: "Despensa de alimentos" },
  { id: 2, Name: "Tutoring", NameEs: null },
];

function renderForm(initial: Partial<QuestionFormValues>, errors = {}) {
  const onSubmit = vi.fn();
  renderWithTheme(
    <QuestionForm
      initial={{ ...emptyQuestion, ...initial }}
      programs={programs}
      saving={false}
      errors={errors}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe("QuestionForm", () => {
  afterEach(() => act(() => staffLanguage.choose(null)));

  it("names the programs that may ask it in the reader's language", () => {
    act(() => staffLanguage.choose("es"));
    renderForm({});
    expect(screen.getByRole("checkbox", { name: "Despensa de alimentos" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Tutoring" })).toBeInTheDocument();
  });

  it("takes the question in both languages, its choices and the programs that ask it", async () => {
    const { onSubmit, user } = renderForm({
      Kind: "choice",
      Choices: [{ id: "k", Label: { en: "Kindergarten", es: "Kínder" } }],
    });
    await user.type(screen.getByLabelText("Question in English"), "Grade");
    await user.type(screen.getByLabelText("Question in Spanish"), "Grado");
    await user.click(screen.getByRole("button", { name: "Add a choice" }));
    await user.type(screen.getByLabelText("Choice 2 in English"), "First");
    await user.type(screen.getByLabelText("Choice 2 in Spanish"), "Primero");
    await user.click(screen.getByLabelText("An answer is required"));
    await user.click(screen.getByLabelText("Tutoring"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({
      ...emptyQuestion,
      Kind: "choice",
      Label: { en: "Grade", es: "Grado" },
      Required: true,
      Choices: [
        { id: "k", Label: { en: "Kindergarten", es: "Kínder" } },
        { Label: { en: "First", es: "Primero" } },
      ],
      ProgramIds: [2],
    });
  });

  it("shows a number's range and a remembered question's months, and sends only what fits the kind", async () => {
    const { onSubmit, user } = renderForm({
      Kind: "number",
      Label: { en: "Household", es: "" },
      Min: 1,
      AskEvery: "visitor",
      // Left from an earlier kind: not sent with a number.
      Choices: [{ id: "x", Label: { en: "X", es: "" } }],
    });
    expect(screen.getByLabelText("Smallest answer")).toHaveValue("1");
    // What a bound left blank stands for, as the server holds answers to it.
    expect(screen.getByLabelText("Smallest answer")).toHaveAccessibleDescription(
      "Left blank: -1,000,000",
    );
    expect(screen.getByLabelText("Largest answer")).toHaveAccessibleDescription(
      "Left blank: 1,000,000",
    );
    await user.type(screen.getByLabelText("Largest answer"), "20");
    await user.type(screen.getByLabelText("Ask again after (months)"), "6");
    expect(screen.queryByRole("button", { name: "Add a choice" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        Kind: "number",
        Min: 1,
        Max: 20,
        Choices: [],
        AskEvery: "visitor",
        ReaskAfterMonths: 6,
      }),
    );
  });

  it("says a consent's requirement as agreeing, and shows the server's messages by their fields", () => {
    renderForm(
      { Kind: "consent" },
      { "Label.en": "Label in English is required", ProgramIds: "Unknown program" },
    );
    expect(screen.getByLabelText("Visitors must agree")).toBeInTheDocument();
    expect(screen.getByText("Label in English is required")).toBeInTheDocument();
    expect(screen.getByText("Unknown program")).toBeInTheDocument();
  });
});
