import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { kioskI18n } from "@vsi/i18n";
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
  afterEach(() => act(() => kioskI18n.changeLanguage("en")));

  it("stays in English, numbers too, when the kiosk's language is Spanish (a Spanish browser)", () => {
    act(() => kioskI18n.changeLanguage("es"));
    renderWithTheme(<ReportSummary summary={summary} />);
    expect(screen.getByRole("region", { name: "Summary" })).toBeInTheDocument();
    expect(screen.getByText("Unique visitors")).toBeInTheDocument();
    expect(screen.getByText("1,234")).toBeInTheDocument();
    expect(screen.getByText("1 h 30 min")).toBeInTheDocument();
    expect(screen.queryByText("Visitantes únicos")).not.toBeInTheDocument();
  });
});
