import { describe, expect, it } from "vitest";
import type { QueueEntry } from "./offlineQueue";
import { withQueued } from "./queuedVisits";
import type { Visit } from "./types";

const at = "2026-11-22T18:00:00.000Z";
const visit = (id: number, FirstName: string): Visit => ({
  id,
  FirstName,
  LastName: "Lopez",
  PhoneNumber: "4155550100",
  Temperature: "98.6",
  TimeIn: at,
  TimeOut: null,
  SignedOutBy: null,
  SignedInFrom: "tablet",
  LocationId: 1,
  ProgramId: 2,
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
  createdAt: at,
  updatedAt: at,
});
const signIn = (key: string, seq: number, FirstName: string, ProgramId = 2): QueueEntry => ({
  kind: "in",
  key,
  seq,
  queuedAt: at,
  fields: {
    FirstName,
    LastName: "Kim",
    PhoneNumber: "4155550199",
    Temperature: "98.1",
    LocationId: 1,
    ProgramId,
  },
});

describe("the sheet with the tablet's queue", () => {
  it("lists waiting sign-ins of this program after the server's rows, and hides rows signed out here", () => {
    const entries: QueueEntry[] = [
      signIn("k1", 10, "Queued"),
      signIn("k2", 11, "Elsewhere", 3),
      signIn("k3", 12, "Gone"),
      {
        kind: "out",
        key: "o1",
        seq: 13,
        queuedAt: at,
        signInKey: "k3",
        FirstName: "Gone",
        LastName: "Kim",
      },
      {
        kind: "out",
        key: "o2",
        seq: 14,
        queuedAt: at,
        visitId: 5,
        FirstName: "Left",
        LastName: "Lopez",
      },
      { ...signIn("k4", 15, "Refused"), refused: "Program is not offered at this location" },
    ];
    const rows = withQueued([visit(4, "Stays"), visit(5, "Left")], entries, 1, 2);
    expect(rows.map((row) => [row.FirstName, row.id, row.signInKey])).toEqual([
      ["Stays", 4, undefined],
      ["Queued", -10, "k1"],
    ]);
  });
});
