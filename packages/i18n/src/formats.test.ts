import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatNumber, formatTime } from "./formats";

// Fixed instants and zones: the result never depends on the machine's clock or zone.
const instant = "2026-03-04T18:07:00Z";

describe("formats", () => {
  it("write numbers the US way in both languages", () => {
    expect(formatNumber("en", 12345.5)).toBe("12,345.5");
    expect(formatNumber("es", 12345.5)).toBe("12,345.5");
  });

  it("write dates day first in Spanish, month first in English", () => {
    expect(formatDate("en", instant, "America/Chicago")).toBe("3/4/2026");
    expect(formatDate("es", instant, "America/Chicago")).toBe("4/3/2026");
  });

  it("write times in the language's manner, in the zone given", () => {
    expect(formatTime("en", instant, "America/Chicago")).toBe("12:07 PM");
    expect(formatTime("es", instant, "America/Chicago")).toBe("12:07 p.m.");
    expect(formatDateTime("es", instant, "UTC")).toBe("4/3/2026 6:07 p.m.");
  });
});
