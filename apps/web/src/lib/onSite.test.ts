import { describe, expect, it } from "vitest";
import { groupOnSite, stayLength, type OnSiteVisit } from "./onSite";

const visit = (
  id: number,
  LocationId: number,
  ProgramId: number,
  FirstName = "Ana",
): OnSiteVisit => ({
  id,
  FirstName,
  LastName: "Ruiz",
  PhoneNumber: "415-555-0101",
  Temperature: "98.6",
  TimeIn: "2026-11-22T17:00:00.000Z",
  TimeOut: null,
  SignedOutBy: null,
  SignedInFrom: "tablet",
  LocationId,
  ProgramId,
  HouseholdId: null,
  PartySize: 1,
  HouseholdMemberIds: null,
  QueueNumber: null,
  QueueLine: null,
  CalledAt: null,
  CalledTo: null,
  ServedAt: null,
  NoShowAt: null,
  Signed: null,
  Eligibility: "ok",
  Answers: {},
  createdAt: "2026-11-22T17:00:00.000Z",
  updatedAt: "2026-11-22T17:00:00.000Z",
  Location: { id: LocationId, Name: `Site ${LocationId}` },
  Program: { id: ProgramId, Name: `Program ${ProgramId}`, NameEs: null },
});

describe("on-site list", () => {
  it("groups the roll call by location, then program, keeping the server's order", () => {
    const groups = groupOnSite(
      [visit(1, 1, 10), visit(2, 1, 10), visit(3, 1, 11), visit(4, 2, 10)],
      "en",
    );
    expect(
      groups.map((g) => [
        g.locationName,
        g.programs.map((p) => [p.programName, p.visits.map((v) => v.id)]),
      ]),
    ).toEqual([
      [
        "Site 1",
        [
          ["Program 10", [1, 2]],
          ["Program 11", [3]],
        ],
      ],
      ["Site 2", [["Program 10", [4]]]],
    ]);
  });

  it("names each program in the reader's language, the English name where there is no Spanish one", () => {
    const pantry = visit(1, 1, 10);
    pantry.Program = { id: 10, Name: "Food Pantry", NameEs: "Despensa de alimentos" };
    const names = (language: string) =>
      groupOnSite([pantry, visit(2, 1, 11)], language)[0]!.programs.map((p) => p.programName);
    expect(names("es")).toEqual(["Despensa de alimentos", "Program 11"]);
    expect(names("en")).toEqual(["Food Pantry", "Program 11"]);
  });

  it("says how long someone has been here in minutes, hours or days", () => {
    const timeIn = "2026-11-22T17:00:00.000Z";
    expect(stayLength(timeIn, Date.parse(timeIn) + 12 * 60_000 + 59_000)).toBe("12 min");
    expect(stayLength(timeIn, Date.parse(timeIn) + 65 * 60_000)).toBe("1 h 05 min");
    expect(stayLength(timeIn, Date.parse(timeIn) + 50 * 3_600_000)).toBe("2 d 2 h");
  });
});
