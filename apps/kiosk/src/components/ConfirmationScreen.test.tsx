import { act, render, renderHook, screen } from "@testing-library/react";
import { kioskI18n } from "@vsi/i18n";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showConfirmation, useConfirmationState } from "../lib/confirmation";
import { ConfirmationScreen } from "./ConfirmationScreen";

const welcome = {
  kind: "in" as const,
  firstName: "Ana",
  programName: "Pantry",
  at: "2026-03-02T17:04:00.000Z",
  visitId: 7,
};

describe("ConfirmationScreen", () => {
  afterEach(() => {
    vi.useRealTimers();
    act(() => void kioskI18n.changeLanguage("en"));
  });

  it("asks a visitor past the program's visit limit to see staff, in their language", () => {
    act(() => void kioskI18n.changeLanguage("es"));
    render(<ConfirmationScreen confirmation={{ ...welcome, seeStaff: true }} stayMs={30_000} />);
    expect(screen.getByRole("status")).toHaveTextContent(
      /Por favor, hable con alguien del personal antes de pasar/,
    );
  });

  it("shows the visitor's number where the location has a line, and none where it has not", () => {
    act(() => void kioskI18n.changeLanguage("es"));
    const line = { number: 5, line: null, severalLines: false };
    const { unmount } = render(
      <ConfirmationScreen confirmation={{ ...welcome, line }} stayMs={30_000} />,
    );
    expect(screen.getByText("Su número es el 5")).toBeVisible();
    expect(screen.queryByText(/Fila/)).toBeNull();
    unmount();
    render(<ConfirmationScreen confirmation={{ ...welcome, line: null }} stayMs={30_000} />);
    expect(screen.queryByText(/Su número/)).toBeNull();
  });

  it("names the number's line where the location has several, in the visitor's language", () => {
    const pantry = { Name: "Pantry", NameEs: "Despensa" };
    const own = { number: 5, line: pantry, severalLines: true };
    const { unmount } = render(
      <ConfirmationScreen confirmation={{ ...welcome, line: own }} stayMs={30_000} />,
    );
    expect(screen.getByText("Pantry line")).toBeVisible();
    expect(screen.getByText("Your number is 5")).toBeVisible();
    unmount();
    act(() => void kioskI18n.changeLanguage("es"));
    const shared = { number: 3, line: null, severalLines: true };
    render(<ConfirmationScreen confirmation={{ ...welcome, line: shared }} stayMs={30_000} />);
    expect(screen.getByText("Fila de los otros programas")).toBeVisible();
    expect(screen.getByText("Su número es el 3")).toBeVisible();
  });

  it("stays for the location's stayMs, then goes by itself", () => {
    vi.useFakeTimers();
    const state = renderHook(() => useConfirmationState());
    act(() => showConfirmation(welcome));
    render(<ConfirmationScreen confirmation={welcome} stayMs={30_000} />);
    expect(screen.getByRole("dialog", { name: "Welcome, Ana!" })).toBeVisible();
    act(() => {
      vi.advanceTimersByTime(29_999);
    });
    expect(state.result.current.confirmation).toEqual(welcome);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(state.result.current.confirmation).toBeNull();
  });
});
