import { describe, expect, it } from "vitest";
import { reportCsvUrl, reportSearch, reportTimeZone, toBeforeFrom } from "./reportFilters";

describe("reportSearch", () => {
  it("keeps usable filters and the page", () => {
    expect(
      reportSearch({
        from: "2024-01-01",
        to: "2024-01-31",
        locationId: 2,
        programId: "3",
        page: 4,
      }),
    ).toEqual({
      from: "2024-01-01",
      to: "2024-01-31",
      locationId: 2,
      programId: 3,
      page: 4,
    });
  });

  it("drops anything unusable", () => {
    expect(reportSearch({ from: "yesterday", locationId: -1, page: 0, programId: "x" })).toEqual(
      {},
    );
  });
});

describe("reportCsvUrl", () => {
  it("asks for CSV in the browser's zone with the filters that are set", () => {
    expect(reportCsvUrl({ from: "2024-01-01", locationId: 2 }, "America/New_York")).toBe(
      "/api/visits?format=csv&timeZone=America%2FNew_York&from=2024-01-01&locationId=2",
    );
  });
});

describe("reportTimeZone", () => {
  const locations = [
    { id: 1, Name: "Los Angeles", TimeZone: "America/Los_Angeles" },
    { id: 2, Name: "Madrid", TimeZone: "Europe/Madrid" },
  ];
  it("is the chosen location's own zone, whatever the viewer's", () => {
    expect(reportTimeZone(locations, 1, "Europe/Madrid")).toEqual({
      timeZone: "America/Los_Angeles",
      zoneOf: "Los Angeles",
    });
  });
  it("is the viewer's across all locations (and for a location not listed)", () => {
    expect(reportTimeZone(locations, undefined, "Asia/Tokyo")).toEqual({
      timeZone: "Asia/Tokyo",
      zoneOf: undefined,
    });
    expect(reportTimeZone(locations, 9, "Asia/Tokyo")).toEqual({
      timeZone: "Asia/Tokyo",
      zoneOf: undefined,
    });
  });
});

describe("toBeforeFrom", () => {
  it("is true only when both days are set and To comes first", () => {
    expect(toBeforeFrom({ from: "2026-03-05", to: "2026-03-04" })).toBe(true);
    expect(toBeforeFrom({ from: "2027-01-01", to: "2026-12-31" })).toBe(true);
    expect(toBeforeFrom({ from: "2026-03-04", to: "2026-03-04" })).toBe(false);
    expect(toBeforeFrom({ from: "2026-03-04", to: "2026-03-05" })).toBe(false);
    expect(toBeforeFrom({ from: "2026-03-05" })).toBe(false);
    expect(toBeforeFrom({ to: "2026-03-04" })).toBe(false);
  });
});
