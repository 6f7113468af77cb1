import { describe, expect, it } from "vitest";
import { findVisitors } from "./findVisitor";
import type { Visit } from "./types";

const visit = (id: number, FirstName: string, LastName: string, PhoneNumber: string) =>
  ({ id, FirstName, LastName, PhoneNumber }) as Visit;
const visits = [
  visit(1, "María", "López", "4155550101"),
  visit(2, "Mark", "Twain", "4155559876"),
  visit(3, "Ann", "Marsh", "6505550101"),
];

describe("findVisitors", () => {
  it("matches the beginning of a first name, ignoring case and accents", () => {
    expect(findVisitors(visits, "mar").map((v) => v.id)).toEqual([1, 2]);
    expect(findVisitors(visits, "MARÍA").map((v) => v.id)).toEqual([1]);
    expect(findVisitors(visits, "maria l").map((v) => v.id)).toEqual([1]);
  });

  it("matches the last digits of the phone number", () => {
    expect(findVisitors(visits, "0101").map((v) => v.id)).toEqual([1, 3]);
    expect(findVisitors(visits, "9876").map((v) => v.id)).toEqual([2]);
  });

  it("keeps everyone for an empty query, and nobody for a miss", () => {
    expect(findVisitors(visits, "  ")).toHaveLength(3);
    expect(findVisitors(visits, "zed")).toEqual([]);
  });
});
