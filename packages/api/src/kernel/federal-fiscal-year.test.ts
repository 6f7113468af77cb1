import { describe, expect, it } from "vitest";
import { federalFiscalYear, federalFiscalYearCutoff } from "./federal-fiscal-year.ts";

describe("the federal fiscal year and keeping three years after it closes", () => {
  it("puts October to December in the next year's fiscal year", () => {
    expect(federalFiscalYear(2026, 9)).toBe(2026);
    expect(federalFiscalYear(2026, 10)).toBe(2027);
    expect(federalFiscalYear(2026, 12)).toBe(2027);
    expect(federalFiscalYear(2027, 1)).toBe(2027);
  });

  it("keeps a visit of 2 November 2026 (fiscal 2027) through 30 September 2030 everywhere, and erases it once 1 October 2030 has come everywhere", () => {
    const visit = new Date("2026-11-02T15:00:00Z");
    const keptAt = (now: string) => visit >= federalFiscalYearCutoff(new Date(now));
    // 30 September 2030 still, at UTC-12.
    expect(keptAt("2030-10-01T11:59:59Z")).toBe(true);
    expect(keptAt("2030-10-01T12:00:00Z")).toBe(false);
  });

  it("cuts at the start of 1 October where it comes first, so the first hours of a fiscal year are never erased with the year before", () => {
    const cutoff = federalFiscalYearCutoff(new Date("2030-10-01T12:00:00Z"));
    expect(cutoff.toISOString()).toBe("2027-09-30T10:00:00.000Z");
    // 30 September 2027, 23:59 at UTC+14: fiscal 2027, erased; a minute later there, fiscal 2028.
    expect(new Date("2027-09-30T09:59:00Z") < cutoff).toBe(true);
    expect(new Date("2027-09-30T10:00:00Z") < cutoff).toBe(false);
  });
});
