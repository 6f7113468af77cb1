import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../test/render";
import { ReportFiltersForm } from "./ReportFiltersForm";

// One program with a Spanish name, one without.
const programs = [
  { id: 1, Name: "Food Pantry", NameEs: "Despensa de alimentos" },
  { id: 2, Name: "Tutoring", NameEs: null },
];

function renderFilters(initial: { from?: string; to?: string } = {}, fiscalYearStartMonth = 1) {
  const onRun = vi.fn();
  const onCsv = vi.fn();
  renderWithTheme(
    <ReportFiltersForm
      initial={initial}
      locations={[]}
      programs={programs}
      timeZone="America/Chicago"
      fiscalYearStartMonth={fiscalYearStartMonth}
      onRun={onRun}
      onCsv={onCsv}
    />,
  );
  return { onRun, onCsv };
}

describe("ReportFiltersForm", () => {
  beforeEach(() => {
    // Noon on Wednesday 14 May 2025 in Chicago, whatever the machine's date: only Date is fake.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-05-14T17:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
    act(() => staffLanguage.choose(null));
  });

  it("fills last quarter and this fiscal year from the fiscal year's first month, and runs them", async () => {
    const { onRun } = renderFilters({}, 10);
    await userEvent.click(screen.getByRole("button", { name: "Last quarter" }));
    expect(onRun).toHaveBeenLastCalledWith(
      expect.objectContaining({ from: "2025-01-01", to: "2025-03-31" }),
    );
    expect(screen.getByLabelText("From")).toHaveValue("January 1, 2025");
    expect(screen.getByLabelText("To")).toHaveValue("March 31, 2025");
    await userEvent.click(screen.getByRole("button", { name: "This fiscal year" }));
    expect(onRun).toHaveBeenLastCalledWith(
      expect.objectContaining({ from: "2024-10-01", to: "2025-05-14" }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Last fiscal year" }));
    expect(onRun).toHaveBeenLastCalledWith(
      expect.objectContaining({ from: "2023-10-01", to: "2024-09-30" }),
    );
  });

  it("shows the chosen period's shortcut as pressed", () => {
    renderFilters({ from: "2025-04-01", to: "2025-05-14" });
    expect(screen.getByRole("button", { name: "This quarter" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("button", { name: "Last quarter" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("says a To before From by To, and neither runs nor downloads it", async () => {
    const { onRun, onCsv } = renderFilters({ from: "2025-04-10", to: "2025-03-31" });
    const to = screen.getByLabelText("To");
    expect(to).toHaveAttribute("aria-invalid", "true");
    expect(to).toHaveAccessibleDescription("To must be on or after From");
    expect(screen.getByRole("alert")).toHaveTextContent("To must be on or after From");
    await userEvent.click(screen.getByRole("button", { name: "Run" }));
    await userEvent.click(screen.getByRole("button", { name: "CSV" }));
    expect(onRun).not.toHaveBeenCalled();
    expect(onCsv).not.toHaveBeenCalled();
    // The same day twice is a period of one day.
    await userEvent.clear(screen.getByLabelText("From"));
    await userEvent.type(screen.getByLabelText("From"), "2025-03-31");
    expect(to).not.toHaveAttribute("aria-invalid", "true");
    await userEvent.click(screen.getByRole("button", { name: "Run" }));
    expect(onRun).toHaveBeenCalledWith(
      expect.objectContaining({ from: "2025-03-31", to: "2025-03-31" }),
    );
  });

  it("says it in Spanish to a Spanish reader", () => {
    act(() => staffLanguage.choose("es"));
    renderFilters({ from: "2025-04-10", to: "2025-03-31" });
    expect(screen.getByLabelText("Hasta")).toHaveAccessibleDescription(
      "La fecha final debe ser igual o posterior a la inicial",
    );
    expect(screen.getByRole("button", { name: "Trimestre pasado" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Este año fiscal" })).toBeInTheDocument();
  });

  it("names the programs in Spanish for a Spanish reader, the English name where there is no Spanish one", () => {
    act(() => staffLanguage.choose("es"));
    renderFilters();
    const select = screen.getByLabelText<HTMLSelectElement>("Programa");
    expect([...select.options].slice(1).map((o) => o.text)).toEqual([
      "Despensa de alimentos",
      "Tutoring",
    ]);
  });
});
