import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Question, ReportVisit } from "../lib/types";
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

  it("adds a column per question, each answer in words, and a last cell of the page's own", () => {
    const words = (en: string) => ({ en, es: en });
    const question = (id: number, Kind: Question["Kind"], label: string): Question => ({
      id,
      Kind,
      Label: words(label),
      Help: words(""),
      Required: false,
      Choices:
        Kind === "choices"
          ? [
              { id: "food", Label: words("Food") },
              { id: "rent", Label: words("Rent") },
            ]
          : [],
      Min: null,
      Max: null,
      ProgramIds: [],
      AskEvery: "visit",
      ReaskAfterMonths: null,
      Position: id,
      RetiredAt: null,
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    renderWithTheme(
      <ReportTable
        timeZone="UTC"
        questions={[
          question(1, "choices", "Needs"),
          question(2, "consent", "Consent"),
          question(3, "date", "Born"),
        ]}
        visits={[
          visit(1, { Answers: { 1: ["rent", "food"], 2: true, 3: "1990-05-01" } }),
          visit(2, {}),
        ]}
        action={(row) => <button type="button">Edit {row.id}</button>}
      />,
    );
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers.slice(-4)).toEqual(["Needs", "Consent", "Born", "Action"]);
    const [answered, blank] = screen.getAllByRole("row").slice(1);
    expect(
      within(answered!)
        .getAllByRole("cell")
        .slice(-4)
        .map((cell) => cell.textContent),
    ).toEqual(["Rent, Food", "Agreed", "May 1, 1990", "Edit 1"]);
    expect(
      within(blank!)
        .getAllByRole("cell")
        .slice(-4)
        .map((cell) => cell.textContent),
    ).toEqual(["", "", "", "Edit 2"]);
  });
});
