import { describe, expect, it } from "vitest";
import { lastPageFromLink, pageItems, parseLinkHeader } from "./pagination";

const link = (rels: Record<string, number>) =>
  Object.entries(rels)
    .map(([rel, page]) => `</api/visits?from=2024-01-01&locationId=2&page=${page}>; rel="${rel}"`)
    .join(", ");

describe("parseLinkHeader", () => {
  it("reads the page of every rel", () => {
    expect(parseLinkHeader(link({ first: 1, prev: 3, next: 5, last: 9 }))).toEqual({
      first: 1,
      prev: 3,
      next: 5,
      last: 9,
    });
  });

  it("is empty for no header", () => {
    expect(parseLinkHeader("")).toEqual({});
    expect(parseLinkHeader(null)).toEqual({});
  });

  it("reads absolute URLs too", () => {
    expect(parseLinkHeader('<http://example.com/api/visits?page=7>; rel="last"')).toEqual({
      last: 7,
    });
  });
});

describe("lastPageFromLink", () => {
  it("takes the last link's page", () => {
    expect(lastPageFromLink(link({ next: 2, last: 12 }), 1)).toBe(12);
  });

  it("takes current + 1 from a next link when there is no last link", () => {
    expect(lastPageFromLink(link({ prev: 10, next: 12 }), 11)).toBe(12);
  });

  it("is the current page without next or last links", () => {
    expect(lastPageFromLink(link({ first: 1, prev: 11 }), 12)).toBe(12);
    expect(lastPageFromLink("", 1)).toBe(1);
  });
});

describe("pageItems", () => {
  it("lists every page when there are few", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows first, last, the neighbours of the current page and ellipses", () => {
    expect(pageItems(10, 20)).toEqual([1, "ellipsis-start", 9, 10, 11, "ellipsis-end", 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, "ellipsis-end", 20]);
    expect(pageItems(20, 20)).toEqual([1, "ellipsis-start", 19, 20]);
  });

  it("shows a single hidden page instead of an ellipsis", () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 10]);
    expect(pageItems(7, 10)).toEqual([1, "ellipsis-start", 6, 7, 8, 9, 10]);
  });
});
