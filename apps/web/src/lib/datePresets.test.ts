import { describe, expect, it } from "vitest";
import { presetRange } from "./datePresets";

describe("presetRange", () => {
  // Wednesday 2026-03-04; February 2026 has 28 days.
  const today = "2026-03-04";
  it("gives today, yesterday and the last 7 days ending today", () => {
    expect(presetRange("today", today)).toEqual({ from: "2026-03-04", to: "2026-03-04" });
    expect(presetRange("yesterday", today)).toEqual({ from: "2026-03-03", to: "2026-03-03" });
    expect(presetRange("last7Days", today)).toEqual({ from: "2026-02-26", to: "2026-03-04" });
  });

  it("starts this week on Sunday or Monday, up to today", () => {
    expect(presetRange("thisWeek", today, 0)).toEqual({ from: "2026-03-01", to: "2026-03-04" });
    expect(presetRange("thisWeek", today, 1)).toEqual({ from: "2026-03-02", to: "2026-03-04" });
    expect(presetRange("thisWeek", "2026-03-01", 1)).toEqual({
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
});
