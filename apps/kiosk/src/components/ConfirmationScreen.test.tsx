import { act, render, renderHook, screen } from "@testing-library/react";
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
  afterEach(() => vi.useRealTimers());

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
