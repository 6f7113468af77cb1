import { describe, expect, it } from "vitest";
import { linkHeader, pageCount } from "./pagination.ts";

const rels = (header: string) =>
  Object.fromEntries(
    header
      .split(", ")
      .filter(Boolean)
      .map((part) => {
        const [, url, rel] = part.match(/^<([^>]+)>; rel="(\w+)"$/)!;
        return [rel, new URL(url!).searchParams.get("page")];
      }),
  );

describe("linkHeader", () => {
  const base = "http://signin.test";
  it("follows the contract's rules on first, middle, second-to-last and last pages", () => {
    expect(rels(linkHeader(base, "/api/visits?locationId=2", 1, 5))).toEqual({
      next: "2",
      last: "5",
    });
    expect(rels(linkHeader(base, "/api/visits", 3, 5))).toEqual({
      next: "4",
      last: "5",
      first: "1",
      prev: "2",
    });
    expect(rels(linkHeader(base, "/api/visits", 4, 5))).toEqual({
      next: "5",
      first: "1",
      prev: "3",
    });
    expect(rels(linkHeader(base, "/api/visits", 5, 5))).toEqual({ first: "1", prev: "4" });
    expect(rels(linkHeader(base, "/api/visits", 2, 2))).toEqual({ prev: "1" });
    expect(linkHeader(base, "/api/visits", 1, 1)).toBe("");
  });

  it("keeps the request's own query string and changes only page", () => {
    const header = linkHeader(
      base,
      "/api/visits?from=2026-01-01&page=1&timeZone=America%2FNew_York",
      1,
      3,
    );
    expect(header).toContain(
      "<http://signin.test/api/visits?from=2026-01-01&page=2&timeZone=America%2FNew_York>",
    );
  });

  it("counts 25 rows a page, and one page when there are none", () => {
    expect([0, 1, 25, 26, 101].map(pageCount)).toEqual([1, 1, 1, 2, 5]);
  });
});
