import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../test/render";
import { VisitDecision } from "./VisitDecision";

describe("VisitDecision", () => {
  afterEach(() => act(() => staffLanguage.choose(null)));

  it("asks for a reason by the server's own rule, then sends the decision with it", async () => {
    const onDecide = vi.fn();
    renderWithTheme(<VisitDecision visitId={4} deciding={false} onDecide={onDecide} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Reason is required")).toBeInTheDocument();
    expect(onDecide).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Reason"), "  Emergency box  ");
    await user.click(screen.getByRole("button", { name: "Decline" }));
    expect(onDecide).toHaveBeenCalledWith("declined", "Emergency box");
  });

  it("speaks Spanish", () => {
    act(() => staffLanguage.choose("es"));
    renderWithTheme(<VisitDecision visitId={4} deciding={false} onDecide={vi.fn()} />);
    expect(screen.getByText("Esperando al personal")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Aprobar" })).toBeInTheDocument();
  });
});
