import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../test/render";
import { DateRangeInputs } from "./DateRangeInputs";

function renderRange(onFromChange = vi.fn()) {
  renderWithTheme(
    <DateRangeInputs
      from="2026-11-01"
      to="2026-11-30"
      onFromChange={onFromChange}
      onToChange={vi.fn()}
    />,
  );
  return onFromChange;
}

describe("DateRangeInputs", () => {
  afterEach(() => act(() => staffLanguage.choose(null)));

  it("writes the days in the staff member's chosen language, not the browser's", () => {
    act(() => staffLanguage.choose("es"));
    renderRange();
    expect(screen.getByLabelText("Desde")).toHaveValue("1 de noviembre de 2026");
    expect(screen.getByLabelText("Hasta")).toHaveValue("30 de noviembre de 2026");
    act(() => staffLanguage.choose("en"));
    expect(screen.getByLabelText("From")).toHaveValue("November 1, 2026");
  });

  it("opens a calendar in Spanish, its weeks from Monday", async () => {
    act(() => staffLanguage.choose("es"));
    renderRange();
    await userEvent.click(screen.getByLabelText("Desde"));
    expect(await screen.findByText("noviembre 2026")).toBeInTheDocument();
    // The month's table heads its columns with the weekdays.
    const weekdays = [...document.querySelectorAll("th")].map((cell) => cell.textContent);
    expect(weekdays.slice(0, 2)).toEqual(["lu", "ma"]);
  });

  it("takes a day typed as YYYY-MM-DD", async () => {
    const onFromChange = renderRange();
    const from = screen.getByLabelText("From");
    await userEvent.clear(from);
    await userEvent.type(from, "2026-11-05");
    expect(onFromChange).toHaveBeenLastCalledWith("2026-11-05");
  });
});
