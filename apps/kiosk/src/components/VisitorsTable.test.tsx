import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SheetVisit } from "../lib/queuedVisits";
import { VisitorsTable } from "./VisitorsTable";

const at = "2026-03-02T17:04:00.000Z";
const visit = (
  id: number,
  FirstName: string,
  Eligibility: SheetVisit["Eligibility"],
): SheetVisit => ({
  id,
  FirstName,
  LastName: "R",
  PhoneNumber: "xxxxxx0101",
  Temperature: null,
  TimeIn: at,
  TimeOut: null,
  SignedOutBy: null,
  SignedInFrom: "tablet",
  LocationId: 1,
  ProgramId: 2,
  HouseholdId: 3,
  PartySize: 4,
  HouseholdMemberIds: null,
  QueueNumber: null,
  QueueLine: null,
  CalledAt: null,
  CalledTo: null,
  ServedAt: null,
  NoShowAt: null,
  Signed: null,
  Eligibility,
  Answers: {},
  createdAt: at,
  updatedAt: at,
});

describe("VisitorsTable", () => {
  it("marks a visit waiting past its program's visit limit in words, and no other", () => {
    render(
      <VisitorsTable
        visits={[visit(1, "Ana", "waiting"), visit(2, "Bea", "ok"), visit(3, "Cai", "approved")]}
        onSignOut={vi.fn()}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.querySelector("td")?.textContent)).toEqual([
      "Ana R.See staff",
      "Bea R.",
      "Cai R.",
    ]);
  });
});
