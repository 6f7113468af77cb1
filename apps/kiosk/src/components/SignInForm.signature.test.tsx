import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { kioskI18n } from "@vsi/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";

import { SignInForm } from "./SignInForm";

/** A program that asks for a signature, and one that does not. */
const programs = [
  { id: 1, Name: "Food Pantry", NameEs: "Despensa", AsksSignature: true },
  { id: 2, Name: "Tutoring" },
];

function renderForm(programId: number) {
  const onSubmit = vi.fn(() => Promise.resolve());
  render(
    <SignInForm
      locationId={7}
      programs={programs}
      defaultProgramId={programId}
      asksTemperature={false}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
      lookup={() => Promise.reject(new Error("none"))}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function fillNames(user: ReturnType<typeof userEvent.setup>, spanish = false) {
  const field = (name: string) => screen.getByLabelText(name, { exact: false });
  await user.type(field(spanish ? "Número de teléfono" : "Phone Number"), "4155551234");
  await user.type(field(spanish ? "Nombre" : "First Name"), "Rosa");
  await user.type(field(spanish ? "Apellido" : "Last Name"), "Delgado");
}

afterEach(() => act(() => kioskI18n.changeLanguage("en")));

describe("a signature", () => {
  it("is asked for by a program that asks one: nothing is sent until the visitor signs or would rather not, which is sent", async () => {
    const { onSubmit, user } = renderForm(1);
    const pad = screen.getByRole("group", { name: "Your signature" });
    await fillNames(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(within(pad).getByText("Sign in the box, or tap “I'd rather not sign”")).toBeVisible();
    const decline = within(pad).getByRole("button", { name: "I'd rather not sign" });
    await user.click(decline);
    expect(decline).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ SignatureDeclined: true }));
  });

  it("is not asked by a program that asks none, and nothing of it is sent", async () => {
    const { onSubmit, user } = renderForm(2);
    expect(screen.queryByRole("group", { name: "Your signature" })).toBeNull();
    await fillNames(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.not.objectContaining({ SignatureDeclined: expect.anything() }),
    );
  });

  it("speaks Spanish", () => {
    act(() => kioskI18n.changeLanguage("es"));
    renderForm(1);
    const pad = screen.getByRole("group", { name: "Su firma" });
    expect(within(pad).getByRole("button", { name: "Borrar" })).toBeInTheDocument();
    expect(within(pad).getByRole("button", { name: "Prefiero no firmar" })).toBeInTheDocument();
  });
});
