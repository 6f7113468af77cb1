import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { SignInForm } from "./SignInForm";

const programs = [
  { id: 1, Name: "Food Pantry" },
  { id: 2, Name: "Tutoring" },
];

function renderForm(overrides: Partial<Parameters<typeof SignInForm>[0]> = {}) {
  const props = {
    locationId: 7,
    programs,
    defaultProgramId: 2,
    onSubmit: vi.fn(() => Promise.resolve()),
    onCancel: vi.fn(),
    lookup: vi.fn(() => Promise.reject(new Error("not found"))),
    ...overrides,
  };
  render(<SignInForm {...props} />);
  return { props, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name, { exact: false });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field("Phone Number"), "4155551234");
  await user.type(field("Temperature"), "98.6");
  await user.type(field("First Name"), "Ada");
  await user.type(field("Last Name"), "Lovelace");
}

describe("SignInForm", () => {
  it("autofocuses the phone number with a telephone keyboard, and gives temperature a decimal keyboard", () => {
    renderForm();
    expect(field("Phone Number")).toHaveFocus();
    expect(field("Phone Number")).toHaveAttribute("inputmode", "tel");
    expect(field("Temperature")).toHaveAttribute("inputmode", "decimal");
  });

  it("formats the phone number with dashes as it is typed", async () => {
    const { user } = renderForm();
    await user.type(field("Phone Number"), "4155");
    expect(field("Phone Number")).toHaveValue("415-5");
    await user.type(field("Phone Number"), "551234999");
    expect(field("Phone Number")).toHaveValue("415-555-1234");
  });

  it("selects the program from the query by default", () => {
    renderForm();
    expect(screen.getByRole("radio", { name: "Tutoring" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Food Pantry" })).not.toBeChecked();
  });

  it("shows no markers before the first attempt, then blocks an invalid submit and says what is wrong by each field", async () => {
    const { user, props } = renderForm();
    expect(screen.queryByText("Enter your 10-digit phone number")).not.toBeInTheDocument();

    await user.type(field("Phone Number"), "415555");
    await user.type(field("First Name"), "Ada");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(field("Phone Number")).toHaveAccessibleDescription("Enter your 10-digit phone number");
    expect(field("Temperature")).toHaveAccessibleDescription(
      "Enter your temperature as a number, like 98.6",
    );
    expect(field("Last Name")).toHaveAccessibleDescription("Enter your last name");
    expect(field("First Name")).not.toHaveAttribute("aria-invalid", "true");

    // The markers follow the values once they are on: too long says how long it may be.
    await user.type(field("Last Name"), "L".repeat(101));
    expect(field("Last Name")).toHaveAccessibleDescription("Use at most 100 letters");
    await user.clear(field("Last Name"));
    await user.type(field("Last Name"), "Lovelace");
    expect(field("Last Name")).not.toHaveAttribute("aria-invalid", "true");
  });

  it("takes digits alone in the phone field", async () => {
    const { user } = renderForm();
    await user.type(field("Phone Number"), "41a5b555-12c34");
    expect(field("Phone Number")).toHaveValue("415-555-1234");
  });

  it("says each field's error by the field: read with it, and gone once the value is there", async () => {
    const { user } = renderForm({ defaultProgramId: undefined });
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(field("Phone Number")).toHaveAccessibleDescription("Enter your 10-digit phone number");
    expect(screen.getByRole("radiogroup", { name: "I'm here for:" })).toHaveAccessibleDescription(
      "Choose what you're here for",
    );
    await user.type(field("Phone Number"), "4155551234");
    expect(field("Phone Number")).not.toHaveAttribute("aria-invalid");
    expect(field("Phone Number")).not.toHaveAccessibleDescription();
  });

  it("refuses a name holding a hidden or text-direction character, saying so by that field, and sends nothing", async () => {
    const { user, props } = renderForm();
    await user.type(field("Phone Number"), "4155551234");
    await user.type(field("Temperature"), "98.6");
    await user.type(field("First Name"), "Ada");
    // A right-to-left override, as pasted: it would reverse the rest of the line it is shown in.
    await user.click(field("Last Name"));
    await user.paste("\u202eecalevoL");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(field("Last Name")).toHaveAttribute("aria-invalid", "true");
    expect(field("Last Name")).toHaveAccessibleDescription(
      "Please type the name again: it holds hidden characters.",
    );
    expect(field("First Name")).not.toHaveAttribute("aria-invalid", "true");

    await user.clear(field("Last Name"));
    await user.type(field("Last Name"), "Lovelace");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(props.onSubmit).toHaveBeenCalledTimes(1));
  });

  it("sends the visit with the phone's digits and the chosen program", async () => {
    const { user, props } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole("radio", { name: "Food Pantry" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      PhoneNumber: "4155551234",
      Temperature: "98.6",
      FirstName: "Ada",
      LastName: "Lovelace",
      ProgramId: 1,
    });
  });

  it("where the location does not ask temperatures, has no such field and sends none", async () => {
    const { user, props } = renderForm({ asksTemperature: false });
    expect(screen.queryByLabelText("Temperature", { exact: false })).not.toBeInTheDocument();
    await user.type(field("Phone Number"), "4155551234");
    await user.type(field("First Name"), "Ada");
    await user.type(field("Last Name"), "Lovelace");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(props.onSubmit).toHaveBeenCalledWith({
      PhoneNumber: "4155551234",
      FirstName: "Ada",
      LastName: "Lovelace",
      ProgramId: 2,
    });
  });

  it("is busy while the visit is being sent, and stays on the form when sending fails", async () => {
    let fail: (error: Error) => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = renderForm({ onSubmit });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(field("Phone Number")).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    fail(new Error("offline"));
    await waitFor(() => expect(field("Phone Number")).toBeEnabled());
    expect(field("First Name")).toHaveValue("Ada");
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it("moves focus to the next field on Enter instead of submitting", async () => {
    const { user, props } = renderForm();
    await user.keyboard("{Enter}");
    expect(field("Temperature")).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(field("First Name")).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(field("Last Name")).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("radio", { name: "Tutoring" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("button", { name: "Submit" })).toHaveFocus();
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("looks a returning visitor up once the phone number is complete, asks “is this you?”, and fills in the names on yes", async () => {
    const lookup = vi.fn(() => Promise.resolve({ FirstName: "Grace", LastName: "Hopper" }));
    const { user } = renderForm({ lookup });
    await user.type(field("Phone Number"), "415555123");
    expect(lookup).not.toHaveBeenCalled();
    await user.type(field("Phone Number"), "4");
    expect(lookup).toHaveBeenCalledWith("4155551234");
    const asked = await screen.findByRole("group", { name: "Grace H. — is this you?" });
    expect(field("First Name")).toHaveValue("");
    expect(screen.queryByText(/Hopper/)).not.toBeInTheDocument();
    await user.click(within(asked).getByRole("button", { name: "Yes, it's me" }));
    expect(field("First Name")).toHaveValue("Grace");
    expect(field("Last Name")).toHaveValue("Hopper");
    expect(screen.queryByRole("group", { name: /is this you/ })).not.toBeInTheDocument();
  });

  it("fills nothing in when the visitor says it is not them", async () => {
    const lookup = vi.fn(() => Promise.resolve({ FirstName: "Grace", LastName: "Hopper" }));
    const { user } = renderForm({ lookup });
    await user.type(field("Phone Number"), "4155551234");
    const asked = await screen.findByRole("group", { name: "Grace H. — is this you?" });
    await user.click(within(asked).getByRole("button", { name: "No" }));
    expect(asked).not.toBeInTheDocument();
    expect(field("First Name")).toHaveValue("");
    expect(field("Last Name")).toHaveValue("");
  });

  it("shows a spinner during the lookup and ignores its failure", async () => {
    let fail: (error: Error) => void = () => {};
    const lookup = vi.fn(
      () =>
        new Promise<{ FirstName: string; LastName: string }>((_resolve, reject) => (fail = reject)),
    );
    const { user } = renderForm({ lookup });
    await user.type(field("Phone Number"), "4155551234");
    expect(screen.getByLabelText("Looking up visitor")).toBeInTheDocument();
    fail(new Error("404"));
    await waitFor(() =>
      expect(screen.queryByLabelText("Looking up visitor")).not.toBeInTheDocument(),
    );
    expect(field("First Name")).toHaveValue("");
  });

  it("runs one lookup at a time", async () => {
    const answers: Array<(name: { FirstName: string; LastName: string }) => void> = [];
    const lookup = vi.fn(
      () =>
        new Promise<{ FirstName: string; LastName: string }>((resolve) => answers.push(resolve)),
    );
    const { user } = renderForm({ lookup });
    await user.type(field("Phone Number"), "4155551234");
    await user.type(field("Phone Number"), "{Backspace}9");
    expect(lookup).toHaveBeenCalledTimes(1);
    answers[0]?.({ FirstName: "Old", LastName: "Number" });
    // The first answer is for a number no longer in the field; the queued one runs next.
    await waitFor(() => expect(lookup).toHaveBeenCalledTimes(2));
    expect(lookup).toHaveBeenLastCalledWith("4155551239");
    expect(field("First Name")).toHaveValue("");
    answers[1]?.({ FirstName: "New", LastName: "Number" });
    await screen.findByRole("group", { name: "New N. — is this you?" });
  });

  it("goes back on Cancel", async () => {
    const { user, props } = renderForm();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(props.onCancel).toHaveBeenCalled();
  });
});
