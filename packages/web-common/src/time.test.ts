import { describe, expect, it } from "vitest";
import { formatLocalDate, formatLocalTime, isoDateInZone, todayInZone } from "./time.ts";

describe("formatLocalTime", () => {
  it("is the short local time in the given zone", () => {
    expect(formatLocalTime("2024-03-14T21:07:00.000Z", "America/Los_Angeles")).toMatch(
      /^2:07\sPM$/,
    );
    expect(formatLocalTime("2024-03-14T09:05:00.000Z", "UTC")).toMatch(/^9:05\sAM$/);
  });
});

describe("formatLocalDate", () => {
  it("is the local calendar date, which may differ from the UTC one", () => {
    expect(formatLocalDate("2024-03-15T03:00:00.000Z", "America/Los_Angeles")).toBe("3/14/2024");
  });
});

describe("todayInZone", () => {
  it("is the calendar date in that zone as YYYY-MM-DD", () => {
    const lateEveningInCalifornia = new Date("2024-03-15T05:30:00.000Z");
    expect(todayInZone("America/Los_Angeles", lateEveningInCalifornia)).toBe("2024-03-14");
    expect(todayInZone("Asia/Tokyo", lateEveningInCalifornia)).toBe("2024-03-15");
    expect(isoDateInZone(new Date("2024-01-02T00:00:00.000Z"), "UTC")).toBe("2024-01-02");
  });
});
