import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../test/render";
import { ProgramForm } from "./ProgramForm";

describe("ProgramForm", () => {
  it("sends whether the program signs in a household and asks for a signature, as they were unless ticked or unticked", async () => {
    const onSubmit = vi.fn();
    renderWithTheme(
      <ProgramForm
        initial={{
          Name: "Pantry",
          NameEs: "",
          LocationIds: [],
          SignsInHousehold: false,
          AsksSignature: false,
          OwnQueue: false,
        }}
        locations={[]}
        saving={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    const household = screen.getByRole("checkbox", { name: "Sign in a household" });
    expect(household).not.toBeChecked();
    await user.click(household);
    await user.click(screen.getByRole("checkbox", { name: "Ask for a signature" }));
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith({
      Name: "Pantry",
      NameEs: "",
      LocationIds: [],
      SignsInHousehold: true,
      AsksSignature: true,
      OwnQueue: false,
    });
  });

  it("offers a location's own program at that location alone: no location to tick, and that one sent", async () => {
    const onSubmit = vi.fn();
    const locations = [
      { id: 1, Name: "Main" },
      { id: 2, Name: "East" },
    ] as Parameters<typeof ProgramForm>[0]["locations"];
    renderWithTheme(
      <ProgramForm
        initial={{
          Name: "Diapers",
          NameEs: "",
          LocationIds: [],
          SignsInHousehold: false,
          AsksSignature: false,
          OwnQueue: false,
        }}
        locations={locations}
        ownLocationId={2}
        saving={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.queryByRole("checkbox", { name: "Main" })).toBeNull();
    expect(screen.queryByRole("checkbox", { name: "East" })).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Submit" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ LocationIds: [2] }));
  });
});
