import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { kioskI18n } from "@vsi/i18n";
import { staffLanguage } from "@vsi/i18n/staff";
import { renderWithTheme } from "../test/render";
import { ReportSummary } from "./ReportSummary";
const summary = {
  totalVisits: 1234,
  uniqueVisitors: 56,
  averageStayMinutes: 90,
  groupBy: "day" as const,
  stackBy: "program" as const,
  groups: [],
};

describe("ReportSummary (a staff page)", () => {
  afterEach(() =>
    act(() => {
      kioskI18n.changeLanguage("en");
      staffLanguage.choose(null);
    }),
  );

  it("stays in the staff member's language when the kiosk's switches", () => {
    act(() => kioskI18n.changeLanguage("es"));
    renderWithTheme(<ReportSummary summary={summary} />);
    expect(screen.getByRole("region", { name: "Summary" })).toBeInTheDocument();
    expect(screen.getByText("Unique visitors")).toBeInTheDocument();
    expect(screen.getByText("1,234")).toBeInTheDocument();
    expect(screen.getByText("1 h 30 min")).toBeInTheDocument();
    expect(screen.queryByText("Visitantes únicos")).not.toBeInTheDocument();
  });

  it("switches to Spanish at once when the staff member chooses it, numbers written the US way", () => {
    renderWithTheme(<ReportSummary summary={summary} />);
    act(() => staffLanguage.choose("es"));
    expect(screen.getByRole("region", { name: "Resumen" })).toBeInTheDocument();
    expect(screen.getByText("Visitantes únicos")).toBeInTheDocument();
    expect(screen.getByText("1,234")).toBeInTheDocument();
  });
});
