import { describe, expect, it } from "vitest";
import { isPlausibleTemperature } from "./temperature";

describe("isPlausibleTemperature", () => {
  it("takes 93 to 108 °F and 34 to 42 °C", () => {
    expect(["93", "98.6", "108"].map((v) => isPlausibleTemperature(v, "°F"))).toEqual([true, true, true]);
    expect(["986", "92.9", "108.1", "37"].map((v) => isPlausibleTemperature(v, "°F"))).toEqual([false, false, false, false]);
    expect(["37", "34", "42"].map((v) => isPlausibleTemperature(v, "°C"))).toEqual([true, true, true]);
    expect(["98.6", "33.9"].map((v) => isPlausibleTemperature(v, "°C"))).toEqual([false, false]);
  });

  it("leaves empty or unreadable values to the form's own rules", () => {
    expect(isPlausibleTemperature("", "°F")).toBe(true);
    expect(isPlausibleTemperature("abc", "°F")).toBe(true);
  });
});
