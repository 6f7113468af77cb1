import { describe, expect, it } from "vitest";
import type { RollCallPerson } from "@vsi/api/schemas";
import { deviceKind } from "./deviceName";
import { counts, rollCallCsvUrl, rollCallLists, withPending, type PendingMark } from "./rollCall";

const person = (id: number, name: string, safe = false): RollCallPerson => ({
  id,
  visitId: id,
  name,
  program: "Pantry",
  safe,
  markedAt: safe ? "2026-11-20T10:00:00.000Z" : null,
  markedBy: safe ? { id: 1, name: "Sam Staff" } : null,
  marks: [],
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
  it("is the server's, with the browser's time zone", () => {
    expect(rollCallCsvUrl(7, "America/New_York")).toBe(
      "/api/roll-calls/7?format=csv&timeZone=America%2FNew_York",
    );
  });
});

describe("the device a mark came from", () => {
  it("is named by its kind as the browser tells it", () => {
    expect(
      deviceKind("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15"),
    ).toBe("iPhone");
    expect(deviceKind("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36")).toBe(
      "Android phone",
    );
    expect(deviceKind("Mozilla/5.0 (Linux; Android 14; SM-X200) Safari/537.36")).toBe(
      "Android tablet",
    );
    expect(deviceKind("curl/8")).toBe("Browser");
  });
});
