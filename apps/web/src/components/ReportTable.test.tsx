import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReportVisit } from "../lib/types";
import { renderWithTheme } from "../test/render";
import { ReportTable } from "./ReportTable";

const visit = (id: number, fields: Partial<ReportVisit>): ReportVisit => ({
  id,
  FirstName: "Ada",
  LastName: "Byron",
  PhoneNumber: "4155550101",
  Temperature: "98.6",
  TimeIn: "2026-11-03T04:30:00.000Z",
  TimeOut: null,
  SignedOutBy: null,
  SignedInFrom: "tablet",
  LocationId: 1,
  ProgramId: 1,
  Answers: {},
  Location: { id: 1, Name: "Valencia" },
  Program: { id: 1, Name: "Pantry" },
  createdAt: "2026-11-03T04:30:00.000Z",
  updatedAt: "2026-11-03T04:30:00.000Z",
  ...fields,
});

describe("ReportTable", () => {
  it("says when a visit was signed in on the visitor's own phone or by staff, not at a tablet", () => {
    renderWithTheme(
      <ReportTable
        timeZone="UTC"
        visits={[
          visit(1, { SignedInFrom: "phone" }),
          visit(2, { SignedInFrom: "staff" }),
          visit(3, { SignedInFrom: "tablet" }),
        ]}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("4:30 AM(own phone)");
    expect(rows[1]).toHaveTextContent("4:30 AM(by staff)");
    expect(rows[2]!.textContent).not.toContain("(");
  });

  it("shows dates and times in the report's zone, and says when staff or the automatic sign-out ended a visit", () => {
    renderWithTheme(
      <ReportTable
        timeZone="America/Los_Angeles"
        visits={[
          visit(1, { TimeOut: "2026-11-03T05:00:00.000Z", SignedOutBy: "auto" }),
          visit(2, { TimeOut: "2026-11-03T05:00:00.000Z", SignedOutBy: "staff" }),
          visit(3, { TimeOut: "2026-11-03T05:00:00.000Z", SignedOutBy: "visitor" }),
          visit(4, {}),
        ]}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    // 04:30 UTC is 8:30 PM the day before in Los Angeles.
    expect(within(rows[0]!).getByText("11/2/2026")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("8:30 PM")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("9:00 PM(automatic)");
    expect(rows[1]).toHaveTextContent("9:00 PM(by staff)");
    expect(rows[2]!.textContent).toContain("9:00 PM");
    expect(rows[2]!.textContent).not.toContain("(");
    expect(rows[3]!.textContent).not.toContain("9:00 PM");
  });
});
