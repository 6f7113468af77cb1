import { describe, expect, it } from "vitest";
import { ageBandChoices, bandsLabel, calendarMonthOf } from "./reportPresets";

describe("report presets on the report pages", () => {
  it("writes bands as a reader does, the open one with a plus", () => {
    expect(bandsLabel("0-17,18-64,65-")).toBe("0–17, 18–64, 65+");
  });

  it("offers each preset's bands once, and bands an address holds that no preset has", () => {
    const presets = [
      { name: "Monthly partner report", ageBands: "0-17,18-64,65-" },
      { name: "Same bands", ageBands: "0-17,18-64,65-" },
      { name: "State form", ageBands: "0-17,18-59,60-" },
    ];
    expect(ageBandChoices(presets, "0-17,18-64,65-")).toEqual([
      { value: "0-17,18-64,65-", label: "Monthly partner report (0–17, 18–64, 65+)" },
      { value: "0-17,18-59,60-", label: "State form (0–17, 18–59, 60+)" },
    ]);
    expect(ageBandChoices(presets, "0-4,5-").at(-1)).toEqual({ value: "0-4,5-", label: "0–4, 5+" });
  });

  it("keeps a month written YYYY-MM alone", () => {
    expect(calendarMonthOf("2026-02")).toBe("2026-02");
    expect(calendarMonthOf("2026-13")).toBeUndefined();
    expect(calendarMonthOf("2026-02-01")).toBeUndefined();
  });
});
