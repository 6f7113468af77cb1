import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { answerMessages } from "@vsi/api/schemas";
import { kioskI18n } from "@vsi/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/kioskApi";
import { choice, question } from "../test/questions";
import { SignInForm } from "./SignInForm";

// The intake questions on the sign-in form: the chosen program's, checked by the one answer rule.

const programs = [
  { id: 1, Name: "Food Pantry" },
  { id: 2, Name: "Tutoring" },
];

const household = question({
  Kind: "number",
  Label: { en: "People in your household", es: "Personas en su hogar" },
  Min: 1,
  Max: 20,
  Required: true,
  ProgramIds: [1],
  AskEvery: "visitor",
});
const zip = question({
  Kind: "zip",
  Label: { en: "ZIP code", es: "Código postal" },
  Required: true,
  AskEvery: "visitor",
});
const consent = question({
  Kind: "consent",
  Label: { en: "I live in the county", es: "Vivo en el condado" },
  Required: true,
  ProgramIds: [1],
});
const grade = question({
  Kind: "choice",
  Label: { en: "Grade", es: "Curso" },
  Choices: [choice("k"), choice("1")],
  ProgramIds: [2],
});
const subjects = question({
  Kind: "choices",
  Label: { en: "Subjects", es: "Materias" },
  Choices: [choice("math"), choice("reading")],
  ProgramIds: [2],
});
const firstTime = question({
  Kind: "yesno",
  Label: { en: "First time here?", es: "¿Primera vez aquí?" },
  ProgramIds: [2],
});
const birthday = question({
  Kind: "date",
  Label: { en: "Birthday", es: "Cumpleaños" },
  ProgramIds: [2],
});
const school = question({ Kind: "text", Label: { en: "School", es: "Escuela" }, ProgramIds: [2] });
const questions = [household, zip, consent, grade, subjects, firstTime, birthday, school];

function renderForm(overrides: Partial<Parameters<typeof SignInForm>[0]> = {}) {
  const props = {
    locationId: 7,
    programs,
    defaultProgramId: 1,
    asksTemperature: false,
    questions,
    onSubmit: vi.fn(() => Promise.resolve()),
    onCancel: vi.fn(),
    onQuestionsChanged: vi.fn(() => Promise.resolve()),
    lookup: vi.fn(() => Promise.reject(new Error("not found"))),
    ...overrides,
  };
  const view = render(<SignInForm {...props} />);
  return { props, view, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name, { exact: false });

async function fillNames(user: ReturnType<typeof userEvent.setup>, phone = "4155551234") {
  await user.type(
    field(kioskI18n.language === "es" ? "Número de teléfono" : "Phone Number"),
    phone,
  );
  await user.type(field(kioskI18n.language === "es" ? "Nombre" : "First Name"), "Ana");
  await user.type(field(kioskI18n.language === "es" ? "Apellido" : "Last Name"), "Ruiz");
}

afterEach(() => act(() => kioskI18n.changeLanguage("en")));

describe("SignInForm's intake questions", () => {
  it("asks the chosen program's questions, each kind with its keyboard, and follows the program", async () => {
    const { user } = renderForm();
    expect(field("People in your household")).toHaveAttribute("inputmode", "numeric");
    expect(field("People in your household")).toHaveAccessibleDescription("From 1 to 20");
    expect(field("ZIP code")).toHaveAttribute("inputmode", "numeric");
    expect(field("ZIP code")).toHaveAttribute("autocomplete", "off");
    expect(screen.getByRole("group", { name: "I live in the county" })).toBeInTheDocument();
    expect(screen.queryByText("Grade", { exact: false })).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Tutoring" }));
    expect(screen.queryByLabelText("People in your household")).not.toBeInTheDocument();
    expect(field("ZIP code")).toBeInTheDocument();
    const grades = screen.getByRole("radiogroup", { name: "Grade (optional)" });
    expect(within(grades).getAllByRole("radio")).toHaveLength(2);
    const subjectBoxes = screen.getByRole("group", { name: "Subjects (optional)" });
    expect(within(subjectBoxes).getAllByRole("checkbox")).toHaveLength(2);
    const yesNo = screen.getByRole("radiogroup", { name: "First time here? (optional)" });
    expect(within(yesNo).getByRole("radio", { name: "Yes" })).toBeInTheDocument();
    expect(field("Birthday")).toHaveAttribute("type", "date");
    expect(field("School")).toHaveAttribute("autocapitalize", "sentences");
  });

  it("sends the answers as the rule keeps them, only the chosen program's", async () => {
    const { user, props } = renderForm({ defaultProgramId: 2 });
    await fillNames(user);
    await user.type(field("ZIP code"), "94110");
    await user.click(screen.getByRole("radio", { name: "Choice 1" }));
    await user.click(screen.getByRole("checkbox", { name: "Choice math" }));
    await user.click(screen.getByRole("checkbox", { name: "Choice reading" }));
    await user.click(screen.getByRole("radio", { name: "No" }));
    await user.type(field("School"), "  Lincoln ");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      PhoneNumber: "4155551234",
      FirstName: "Ana",
      LastName: "Ruiz",
      ProgramId: 2,
      Answers: {
        [zip.id]: "94110",
        [grade.id]: "1",
        [subjects.id]: ["math", "reading"],
        [firstTime.id]: false,
        [school.id]: "Lincoln",
      },
    });
  });

  it("refuses wrong answers by the one rule and says each message by its field in Spanish", async () => {
    act(() => kioskI18n.changeLanguage("es"));
    const { user, props } = renderForm();
    await fillNames(user);
    await user.type(field("Personas en su hogar"), "25");
    await user.type(field("Código postal"), "941");
    await user.click(screen.getByRole("button", { name: "Enviar" }));

    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(field("Personas en su hogar")).toHaveAccessibleDescription(
      "De 1 a 20 Debe ser como máximo 20",
    );
    expect(field("Código postal")).toHaveAccessibleDescription(
      "Un código postal tiene 5 dígitos, o 5 y 4 (12345-6789)",
    );
    expect(screen.getByRole("group", { name: "Vivo en el condado" })).toHaveAccessibleDescription(
      "Marque que está de acuerdo para continuar",
    );
    // The first field marked takes the focus, so a visitor scrolled away sees what to fix.
    expect(field("Personas en su hogar")).toHaveFocus();

    await user.clear(field("Personas en su hogar"));
    await user.type(field("Personas en su hogar"), "4");
    await user.type(field("Código postal"), "10");
    await user.click(screen.getByRole("checkbox", { name: "Estoy de acuerdo" }));
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(props.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        Answers: { [household.id]: 4, [zip.id]: "94110", [consent.id]: true },
      }),
    );
  });

  it("fills in a returning visitor's remembered answers with the names and says from when", async () => {
    const lookup = vi.fn(() =>
      Promise.resolve({
        FirstName: "Ana",
        LastName: "Ruiz",
        Answers: { [household.id]: 5, [zip.id]: "94110" },
        AnsweredAt: {
          [household.id]: "2024-03-14T17:00:00.000Z",
          [zip.id]: "2024-02-01T17:00:00.000Z",
        },
      }),
    );
    const { user } = renderForm({ lookup });
    await user.type(field("Phone Number"), "4155551234");
    // Nothing of hers is filled in until she says it is her.
    await user.click(await screen.findByRole("button", { name: "Yes, it's me" }));
    await waitFor(() => expect(field("People in your household")).toHaveValue("5"));
    expect(field("ZIP code")).toHaveValue("94110");
    expect(field("First Name")).toHaveValue("Ana");
    expect(screen.getByText("We have your answers from March 2024 — change them?")).toBeVisible();

    act(() => kioskI18n.changeLanguage("es"));
    expect(
      screen.getByText("Tenemos sus respuestas de marzo de 2024. ¿Desea cambiarlas?"),
    ).toBeVisible();
  });

  it("shows the server's refusal of an answer by its field, in the visitor's language, and reads the questions again", async () => {
    act(() => kioskI18n.changeLanguage("es"));
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 422,
          message: "Validation failed",
          key: "validationFailed",
          values: {},
          errors: [
            {
              path: `Answers.${household.id}`,
              message: "Must be at most 12",
              key: "answer.max",
              values: { limit: 12 },
            },
          ],
        }),
      ),
    );
    const { user, props } = renderForm({ onSubmit });
    await fillNames(user);
    await user.type(field("Personas en su hogar"), "15");
    await user.type(field("Código postal"), "94110");
    await user.click(screen.getByRole("checkbox", { name: "Estoy de acuerdo" }));
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() =>
      expect(field("Personas en su hogar")).toHaveAccessibleDescription(
        "De 1 a 20 Debe ser como máximo 12",
      ),
    );
    // The form checked 15 with the same rule: the server's questions are not the tablet's.
    expect(props.onQuestionsChanged).toHaveBeenCalledTimes(1);
    // Changing the answer takes the server's word away until it is sent again.
    await user.type(field("Personas en su hogar"), "{Backspace}");
    expect(field("Personas en su hogar")).toHaveAccessibleDescription("De 1 a 20");
  });

  it("reads the questions again when they changed under the sign-in, and asks the visitor anew", async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 409,
          message: "The questions changed while this sign-in was sent: please send it again",
        }),
      ),
    );
    const { user, props, view } = renderForm({ onSubmit });
    await fillNames(user);
    await user.type(field("People in your household"), "3");
    await user.type(field("ZIP code"), "94110");
    await user.click(screen.getByRole("checkbox", { name: "I agree" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(props.onQuestionsChanged).toHaveBeenCalledTimes(1));
    expect(
      screen.getByText("The questions changed just now. Please check your answers and send again."),
    ).toBeVisible();

    // The new questions arrive: what was typed stays, the new one is asked.
    const pets = question({
      Kind: "yesno",
      Label: { en: "Any pets?", es: "¿Mascotas?" },
      Required: true,
    });
    view.rerender(<SignInForm {...props} onSubmit={onSubmit} questions={[...questions, pets]} />);
    expect(field("People in your household")).toHaveValue("3");
    expect(screen.getByRole("radiogroup", { name: "Any pets?" })).toBeInTheDocument();
  });

  it("takes a refusal for a question it does not show as the questions having changed", async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 422,
          message: "Validation failed",
          errors: [{ path: "Answers.999", message: answerMessages.required }],
        }),
      ),
    );
    const { user, props } = renderForm({ onSubmit, defaultProgramId: 2 });
    await fillNames(user);
    await user.type(field("ZIP code"), "94110");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(props.onQuestionsChanged).toHaveBeenCalledTimes(1));
  });
});
