import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { kioskI18n } from "@vsi/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { VisitorName } from "../hooks/useVisitorLookup";
import { SignInForm } from "./SignInForm";

/** A program that signs in households, and one that signs in one person. */
const programs = [
  { id: 1, Name: "Food Pantry", NameEs: "Despensa", SignsInHousehold: true },
  { id: 2, Name: "Tutoring" },
];

const household = {
  id: 40,
  Members: [
    { id: 401, FirstName: "Rosa", LastName: "D", ThisPhone: true },
    { id: 402, FirstName: "Tomas", LastName: "D", ThisPhone: false },
    { id: 403, FirstName: "Lucia", LastName: "D", ThisPhone: false },
  ],
};

function renderForm(
  programId: number,
  lookup: (digits: string) => Promise<VisitorName> = () => Promise.reject(new Error("none")),
) {
  const onSubmit = vi.fn(() => Promise.resolve());
  render(
    <SignInForm
      locationId={7}
      programs={programs}
      defaultProgramId={programId}
      asksTemperature={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      lookup={lookup}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name, { exact: false });

async function fillNames(user: ReturnType<typeof userEvent.setup>, spanish = false) {
  await user.type(field(spanish ? "Número de teléfono" : "Phone Number"), "4155551234");
  await user.type(field(spanish ? "Nombre" : "First Name"), "Rosa");
  await user.type(field(spanish ? "Apellido" : "Last Name"), "Delgado");
}

afterEach(() => act(() => kioskI18n.changeLanguage("en")));

describe("signing in a party", () => {
  it("asks nothing of a program that signs in one person, and sends no party", async () => {
    const { onSubmit, user } = renderForm(2);
    expect(screen.queryByRole("group", { name: "Who is with you today?" })).toBeNull();
    await fillNames(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.not.objectContaining({ PartySize: expect.anything() }),
    );
  });

  it("at a first visit, counts everyone from the visitor up, within 1 to 50, and sends the count", async () => {
    const { onSubmit, user } = renderForm(1);
    const party = screen.getByRole("group", { name: "Who is with you today?" });
    expect(within(party).getByText("1 person in all")).toBeInTheDocument();
    const fewer = within(party).getByRole("button", { name: "One fewer" });
    expect(fewer).toBeDisabled();
    for (let i = 0; i < 4; i++)
      await user.click(within(party).getByRole("button", { name: "One more" }));
    expect(within(party).getByText("5 people in all")).toBeInTheDocument();
    await fillNames(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ PartySize: 5 }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.not.objectContaining({ HouseholdMemberIds: expect.anything() }),
    );
  });

  it("for a returning visitor, lists their household to tick, the visitor ticked, and counts anyone else", async () => {
    const lookup = vi.fn(() =>
      Promise.resolve({ FirstName: "Rosa", LastName: "D", Household: household }),
    );
    const { onSubmit, user } = renderForm(1, lookup);
    await user.type(field("Phone Number"), "4155551234");
    const asked = await screen.findByRole("group", { name: "Rosa D. — is this you?" });
    await user.click(within(asked).getByRole("button", { name: "Yes, it's me" }));
    const party = screen.getByRole("group", { name: "Who is with you today?" });
    expect(within(party).getByRole("checkbox", { name: "Rosa D. (you)" })).toBeChecked();
    expect(within(party).getByRole("checkbox", { name: "Tomas D." })).not.toBeChecked();
    await user.click(within(party).getByRole("checkbox", { name: "Lucia D." }));
    await user.click(within(party).getByRole("button", { name: "One more" }));
    expect(within(party).getByText("3 people in all")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ PartySize: 3, HouseholdMemberIds: [401, 403] }),
    );
  });

  it("forgets the household when the number changes", async () => {
    const lookup = vi.fn(() =>
      Promise.resolve({ FirstName: "Rosa", LastName: "D", Household: household }),
    );
    const { user } = renderForm(1, lookup);
    await user.type(field("Phone Number"), "4155551234");
    await user.click(await screen.findByRole("button", { name: "Yes, it's me" }));
    expect(screen.getByRole("checkbox", { name: "Tomas D." })).toBeInTheDocument();
    await user.type(field("Phone Number"), "{Backspace}");
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByText("1 person in all")).toBeInTheDocument();
  });

  it("speaks Spanish", async () => {
    act(() => kioskI18n.changeLanguage("es"));
    const { onSubmit, user } = renderForm(1);
    const party = screen.getByRole("group", { name: "¿Quién viene con usted hoy?" });
    expect(within(party).getByText("Personas, usted incluido")).toBeInTheDocument();
    await user.click(within(party).getByRole("button", { name: "Una más" }));
    expect(within(party).getByText("2 personas en total")).toBeInTheDocument();
    await fillNames(user, true);
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ PartySize: 2 }));
  });
});
