import { describe, expect, it } from "vitest";
import { presetOf, presetRange } from "./datePresets";

describe("presetRange", () => {
  // Wednesday 2026-03-04; February 2026 has 28 days.
  const today = "2026-03-04";
  it("gives today, yesterday and the last 7 days ending today", () => {
    expect(presetRange("today", today)).toEqual({ from: "2026-03-04", to: "2026-03-04" });
    expect(presetRange("yesterday", today)).toEqual({ from: "2026-03-03", to: "2026-03-03" });
    expect(presetRange("last7Days", today)).toEqual({ from: "2026-02-26", to: "2026-03-04" });
  });

  it("starts this week on Sunday or Monday, up to today", () => {
    expect(presetRange("thisWeek", today, { weekStart: 0 })).toEqual({
      from: "2026-03-01",
      to: "2026-03-04",
    });
    expect(presetRange("thisWeek", today, { weekStart: 1 })).toEqual({
      from: "2026-03-02",
      to: "2026-03-04",
    });
    expect(presetRange("thisWeek", "2026-03-01", { weekStart: 1 })).toEqual({
      from: "2026-02-23",
      to: "2026-03-01",
    });
  });

  it("gives this month up to today and the whole of last month, across a year", () => {
    expect(presetRange("thisMonth", today)).toEqual({ from: "2026-03-01", to: "2026-03-04" });
    expect(presetRange("lastMonth", today)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("lastMonth", "2026-01-15")).toEqual({
      from: "2025-12-01",
      to: "2025-12-31",
    });
    expect(presetRange("yesterday", "2026-01-01")).toEqual({
      from: "2025-12-31",
      to: "2025-12-31",
    });
  });

  it("gives calendar quarters when the fiscal year starts in January", () => {
    expect(presetRange("thisQuarter", today)).toEqual({ from: "2026-01-01", to: "2026-03-04" });
    expect(presetRange("lastQuarter", today)).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(presetRange("thisQuarter", "2026-06-30")).toEqual({
      from: "2026-04-01",
      to: "2026-06-30",
    });
    expect(presetRange("lastQuarter", "2026-07-01")).toEqual({
      from: "2026-04-01",
      to: "2026-06-30",
    });
    expect(presetRange("thisFiscalYear", today)).toEqual({ from: "2026-01-01", to: "2026-03-04" });
    expect(presetRange("lastFiscalYear", today)).toEqual({ from: "2025-01-01", to: "2025-12-31" });
  });

  it("counts quarters and years from the fiscal year's first month", () => {
    // A year from 1 July: quarters start in July, October, January and April.
    const july = { fiscalYearStartMonth: 7 };
    expect(presetRange("thisQuarter", today, july)).toEqual({ from: "2026-01-01", to: today });
    expect(presetRange("lastQuarter", today, july)).toEqual({
      from: "2025-10-01",
      to: "2025-12-31",
    });
    expect(presetRange("thisFiscalYear", today, july)).toEqual({ from: "2025-07-01", to: today });
    expect(presetRange("lastFiscalYear", today, july)).toEqual({
      from: "2024-07-01",
      to: "2025-06-30",
    });
    // On the year's first day, this year is that one day; last year ends the day before.
    expect(presetRange("thisFiscalYear", "2026-07-01", july)).toEqual({
      from: "2026-07-01",
      to: "2026-07-01",
    });
    expect(presetRange("lastFiscalYear", "2026-07-01", july)).toEqual({
      from: "2025-07-01",
      to: "2026-06-30",
    });
    expect(presetRange("lastFiscalYear", "2026-06-30", july)).toEqual({
      from: "2024-07-01",
      to: "2025-06-30",
    });
  });

  it("gives quarters that start in the middle of a calendar quarter, across a year", () => {
    // A year from 1 October (the US government's): quarters from October, January, April, July.
    const october = { fiscalYearStartMonth: 10 };
    expect(presetRange("thisQuarter", "2026-11-15", october)).toEqual({
      from: "2026-10-01",
      to: "2026-11-15",
    });
    expect(presetRange("lastQuarter", "2026-11-15", october)).toEqual({
      from: "2026-07-01",
      to: "2026-09-30",
    });
    expect(presetRange("thisFiscalYear", "2026-09-30", october)).toEqual({
      from: "2025-10-01",
      to: "2026-09-30",
    });
    // A year from 1 February: the quarter before one starting in February runs November to
    // January, over New Year and with a leap February after it.
    const february = { fiscalYearStartMonth: 2 };
    expect(presetRange("thisQuarter", "2028-03-10", february)).toEqual({
      from: "2028-02-01",
      to: "2028-03-10",
    });
    expect(presetRange("lastQuarter", "2028-03-10", february)).toEqual({
      from: "2027-11-01",
      to: "2028-01-31",
    });
    expect(presetRange("lastQuarter", "2028-05-02", february)).toEqual({
      from: "2028-02-01",
      to: "2028-04-30",
    });
    expect(presetRange("lastFiscalYear", "2028-01-31", february)).toEqual({
      from: "2026-02-01",
      to: "2027-01-31",
    });
    // A year from 1 December: January is in the year that started the December before.
    const december = { fiscalYearStartMonth: 12 };
    expect(presetRange("thisFiscalYear", "2026-01-10", december)).toEqual({
      from: "2025-12-01",
      to: "2026-01-10",
    });
    expect(presetRange("thisQuarter", "2026-03-01", december)).toEqual({
      from: "2026-03-01",
      to: "2026-03-01",
    });
  });
});

describe("presetOf", () => {
  it("names the shortcut a range is on the day given, with the same calendar", () => {
    const july = { fiscalYearStartMonth: 7 };
    expect(presetOf({ from: "2025-07-01", to: "2026-03-04" }, "2026-03-04", july)).toBe(
      "thisFiscalYear",
    );
    expect(presetOf({ from: "2025-07-01", to: "2026-03-04" }, "2026-03-04")).toBeUndefined();
    expect(presetOf({ from: "2025-10-01", to: "2025-12-31" }, "2026-03-04")).toBe("lastQuarter");
    // The same range the next day is no longer "this fiscal year".
    expect(presetOf({ from: "2025-07-01", to: "2026-03-04" }, "2026-03-05", july)).toBeUndefined();
  });
});
