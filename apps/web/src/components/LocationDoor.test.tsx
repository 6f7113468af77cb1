import { QueryClientProvider } from "@tanstack/react-query";
import { act, screen } from "@testing-library/react";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it } from "vitest";
import { queryClient } from "../lib/trpc";
import { renderWithTheme } from "../test/render";
import { LocationDoor } from "./LocationDoor";

/** The section as a page holds it: inside the app's query client (its New code is a mutation). */
const renderDoor = (props: Parameters<typeof LocationDoor>[0]) =>
  renderWithTheme(
    <QueryClientProvider client={queryClient}>
      <LocationDoor {...props} />
    </QueryClientProvider>,
  );

describe("LocationDoor (a location's poster and code, for staff)", () => {
  afterEach(() => act(() => staffLanguage.choose(null)));

  it("offers the poster and a new code when the door is open, in English", () => {
    renderDoor({ locationId: 7, open: true });
    expect(screen.getByRole("heading", { name: "Sign in from a phone" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Print poster" })).toHaveAttribute(
      "href",
      "/api/locations/7/poster",
    );
    expect(screen.getByRole("button", { name: "New code" })).toBeInTheDocument();
  });

  it("speaks the staff member's Spanish", () => {
    act(() => staffLanguage.choose("es"));
    renderDoor({ locationId: 7, open: true });
    expect(screen.getByRole("heading", { name: "Registro desde el teléfono" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Imprimir cartel" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Código nuevo" })).toBeInTheDocument();
  });

  it("says who opens a closed door: the switch above on the form, an admin elsewhere", () => {
    const { unmount } = renderDoor({ locationId: 7, open: false, switchAbove: true });
    expect(
      screen.getByText(/Turn on “Visitors may sign in on their own phone” above/),
    ).toBeVisible();
    expect(screen.queryByRole("link", { name: "Print poster" })).not.toBeInTheDocument();
    unmount();
    renderDoor({ locationId: 7, open: false });
    expect(screen.getByText(/An admin can let them sign in on their own phone/)).toBeVisible();
  });
});
