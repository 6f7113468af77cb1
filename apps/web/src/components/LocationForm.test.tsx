import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { staffTranslate } from "@vsi/i18n/staff";
import { renderWithTheme } from "../test/render";
import { LocationForm } from "./LocationForm";

function renderForm(overrides: Partial<Parameters<typeof LocationForm>[0]> = {}) {
  const props = {
    initial: {
      Name: "Main Hall",
      Address: "1 Main St",
      Programs: [],
      TemperatureUnit: "F" as const,
      LogoUrl: null,
      TimeZone: "UTC",
      IdleResetSeconds: 90,
    },
    programs: [],
    saving: false,
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
  renderWithTheme(<LocationForm {...props} />);
  return { props, user: userEvent.setup() };
}

const confirmation = () => screen.getByLabelText("Show the confirmation for (seconds)");

describe("LocationForm's tablet timing", () => {
  it("starts from the location's settings, the defaults where it has none, and saves what the admin sets", async () => {
    const { props, user } = renderForm();
    expect(screen.getByLabelText("Clear an untouched sign-in form after (seconds)")).toHaveValue(
      "90",
    );
    expect(confirmation()).toHaveValue("3");
    expect(screen.getByLabelText("Wait for the server (seconds)")).toHaveValue("5");
    await user.clear(confirmation());
    await user.type(confirmation(), "30");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(props.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        IdleResetSeconds: 90,
        ConfirmationSeconds: 30,
        SendTimeoutSeconds: 5,
      }),
    );
  });

  it("says a value out of bounds by its field, keeps it as typed, and does not submit", async () => {
    const { props, user } = renderForm();
    await user.clear(confirmation());
    await user.type(confirmation(), "31");
    await user.tab();
    expect(confirmation()).toHaveValue("31");
    expect(confirmation()).toHaveAccessibleDescription(
      expect.stringContaining("Whole seconds from 2 to 30."),
    );
    await user.clear(confirmation());
    expect(confirmation()).toHaveAccessibleDescription(
      expect.stringContaining("Whole seconds from 2 to 30."),
    );
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(props.onSubmit).not.toHaveBeenCalled();
    expect(staffTranslate("es", "location.wholeSeconds", { min: 2, max: 30 })).toBe(
      "Segundos enteros de 2 a 30.",
    );
  });

  it("shows the server's 422 by the field it names", () => {
    renderForm({ errors: { SendTimeoutSeconds: "Use whole seconds from 2 to 60." } });
    expect(screen.getByLabelText("Wait for the server (seconds)")).toHaveAccessibleDescription(
      expect.stringContaining("Use whole seconds from 2 to 60."),
    );
  });
});
