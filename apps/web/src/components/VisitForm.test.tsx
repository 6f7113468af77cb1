import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Visit } from "../lib/types";
import { question, words } from "../test/questions";
import { renderWithTheme } from "../test/render";
import { VisitForm } from "./VisitForm";

const household = question(1, {
  Kind: "number",
  Label: words("Household", "Personas en el hogar"),
  Help: words("", "Cuente a todos los que viven con usted"),
  Min: 1,
  Max: 20,
});
const language = question(2, {
  Kind: "choice",
  Label: words("Language"),
  Required: true,
  Choices: [
    { id: "en", Label: words("English", "Inglés") },
    { id: "es", Label: words("Spanish", "Español") },
  ],
});
const consent = question(3, { Kind: "consent", Label: words("Consent", "Consentimiento") });
const note = question(4, { Kind: "text", Label: words("Note") });
const firstTime = question(5, {
  Kind: "yesno",
  Label: words("First time here?", "¿Primera vez aquí?"),
  RetiredAt: "2026-02-01T00:00:00.000Z",
});

const visit: Visit = {
  id: 7,
  FirstName: "Ana",
  LastName: "Diaz",
  PhoneNumber: "4155550101",
  Temperature: null,
  TimeIn: "2026-01-10T18:00:00.000Z",
  TimeOut: null,
  SignedOutBy: null,
  SignedInFrom: "tablet",
  LocationId: 1,
  ProgramId: 1,
  HouseholdId: null,
  PartySize: 1,
  HouseholdMemberIds: null,
  QueueNumber: null,
  QueueLine: null,
  CalledAt: null,
  CalledTo: null,
  ServedAt: null,
  NoShowAt: null,
  Signed: null,
  Eligibility: "ok",
  Answers: { 1: 4, 2: "es", 3: true, 4: "Needs a ride", 5: true },
  createdAt: "2026-01-10T18:00:00.000Z",
  updatedAt: "2026-01-10T18:00:00.000Z",
};

function renderForm(errors = {}) {
  const onSubmit = vi.fn();
  renderWithTheme(
    <VisitForm
      visit={visit}
      questions={[household, language, consent, note]}
      retired={[firstTime]}
      saving={false}
      errors={errors}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe("VisitForm", () => {
  afterEach(() => act(() => staffLanguage.choose(null)));

  it("starts from the visit's answers, shows a retired question's as kept, and has no temperature where none was asked", () => {
    renderForm();
    expect(screen.getByLabelText("Household")).toHaveValue("4");
    expect(screen.getByLabelText("Spanish")).toBeChecked();
    expect(screen.getByLabelText("Note")).toHaveValue("Needs a ride");
    expect(screen.getByText("First time here?")).toBeInTheDocument();
    expect(screen.getByText("Yes")).toBeInTheDocument();
    expect(screen.getByText("No longer asked: kept as answered.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Temperature")).toBeNull();
  });

  it("checks answers by the answers' own rule, by the field, and sends nothing while one is wrong", async () => {
    const { onSubmit, user } = renderForm();
    const field = screen.getByLabelText("Household");
    await user.clear(field);
    await user.type(field, "25");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Must be at most 20")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // The message goes as the field is changed.
    await user.type(field, "{Backspace}");
    expect(screen.queryByText("Must be at most 20")).toBeNull();
  });

  it("sends only what changed: a number as a number, a blanked answer as null", async () => {
    const { onSubmit, user } = renderForm();
    const field = screen.getByLabelText("Household");
    await user.clear(field);
    await user.type(field, "6");
    await user.clear(screen.getByLabelText("Note"));
    await user.click(screen.getByLabelText("English"));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ Answers: { 1: 6, 2: "en", 4: null } });
  });

  it("takes a party size: refused out of range by the rule's own words, sent as a number when it changed", async () => {
    const { onSubmit, user } = renderForm();
    const field = screen.getByLabelText("People in the party");
    expect(field).toHaveValue("1");
    await user.clear(field);
    await user.type(field, "60");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(
      await screen.findByText("Party size is a whole number from 1 to 50"),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, "5");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({ PartySize: 5 });
  });

  it("shows the server's 422 for an answer by its field", () => {
    renderForm({ "Answers.2": "Pick one of the choices" });
    expect(screen.getByText("Pick one of the choices")).toBeInTheDocument();
  });

  it("speaks Spanish to a Spanish reader: labels, help, choices, words and the rule's messages", async () => {
    act(() => staffLanguage.choose("es"));
    const { onSubmit, user } = renderForm();
    expect(screen.getByLabelText("Nombre")).toHaveValue("Ana");
    expect(screen.getByLabelText("Número de teléfono")).toBeInTheDocument();
    expect(screen.getByLabelText("Personas del grupo")).toHaveValue("1");
    expect(screen.getByText("Respuestas")).toBeInTheDocument();
    expect(screen.getByText("Cuente a todos los que viven con usted")).toBeInTheDocument();
    expect(screen.getByLabelText("Español")).toBeChecked();
    expect(screen.getByText("Aceptó")).toBeInTheDocument();
    expect(screen.getByText("No aceptó")).toBeInTheDocument();
    // A question with no Spanish written keeps its English.
    expect(screen.getByLabelText("Note")).toHaveValue("Needs a ride");
    expect(screen.getByText("¿Primera vez aquí?")).toBeInTheDocument();
    expect(screen.getByText("Sí")).toBeInTheDocument();
    expect(
      screen.getByText("Ya no se pregunta: se conserva como se respondió."),
    ).toBeInTheDocument();
    const field = screen.getByLabelText("Personas en el hogar");
    await user.clear(field);
    await user.type(field, "25");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Debe ser como máximo 20")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the range in Spanish when the question has no help", () => {
    act(() => staffLanguage.choose("es"));
    renderWithTheme(
      <VisitForm
        visit={{ ...visit, Answers: {} }}
        questions={[
          question(8, { Kind: "number", Label: words("Nights", "Noches"), Min: 0, Max: 1500 }),
        ]}
        retired={[]}
        saving={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByText("De 0 a 1,500")).toBeInTheDocument();
  });
});
