import { describe, expect, it } from "vitest";
import type { RollCall, RollCallPerson } from "@vsi/api/schemas";
import { counts, rollCallCsv, rollCallLists, withPending, type PendingMark } from "./rollCall";

const person = (id: number, name: string, safe = false): RollCallPerson => ({
  id,
  visitId: id,
  name,
  program: "Pantry",
  safe,
  markedAt: safe ? "2026-11-20T10:00:00.000Z" : null,
  markedBy: safe ? { id: 1, name: "Sam Staff" } : null,
});

const pending = (personId: number, safe: boolean, key: string): PendingMark => ({
  key,
  rollCallId: 1,
  personId,
  safe,
  markedAt: "2026-11-20T10:05:00.000Z",
});

describe("the roll-call screen's list", () => {
  it("shows this device's waiting marks over the server's, the latest one per person", () => {
    const people = [person(1, "Ana Roll"), person(2, "Ben Roll", true)];
    const shown = withPending(people, [
      pending(1, true, "a"),
      pending(2, false, "b"),
      pending(2, true, "c"),
    ]);
    expect(shown.map((p) => p.safe)).toEqual([true, true]);
    expect(counts(shown)).toEqual({ accounted: 2, total: 2 });
  });

  it("lists the unaccounted first and finds names by every word, accents ignored", () => {
    const people = [person(1, "José Núñez"), person(2, "Ana Roll", true), person(3, "Ben Roll")];
    expect(rollCallLists(people, "").unaccounted.map((p) => p.id)).toEqual([1, 3]);
    expect(rollCallLists(people, "").accounted.map((p) => p.id)).toEqual([2]);
    expect(rollCallLists(people, "jose nun").unaccounted.map((p) => p.id)).toEqual([1]);
    expect(rollCallLists(people, "roll").unaccounted.map((p) => p.id)).toEqual([3]);
  });
});

describe("the record's CSV", () => {
  it("writes a line per person, empty cells bare and formula-looking names as text", () => {
    const rollCall = {
      people: [person(1, "=cmd"), { ...person(2, "Walk In", true), program: null }],
    } as RollCall;
    const csv = rollCallCsv(rollCall, {
      headers: ["Name", "Program", "Status", "Marked at", "Marked by"],
      safe: "Safe",
      notSafe: "Not accounted for",
      time: () => "10:00 AM",
    });
    expect(csv).toBe(
      "\uFEFFName,Program,Status,Marked at,Marked by\n" +
        "'=cmd,Pantry,Not accounted for,,\n" +
        "Walk In,,Safe,10:00 AM,Sam Staff\n",
    );
  });
});
