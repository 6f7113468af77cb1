import { describe, expect, it } from "vitest";
import { isPlausibleTemperature } from "./temperature";

describe("isPlausibleTemperature", () => {
  it("takes 93 to 108 °F and the same bodies in °C (33.9 to 42.2)", () => {
    expect(["93", "98.6", "108"].map((v) => isPlausibleTemperature(v, "F"))).toEqual([
      true,
      true,
      true,
    ]);
    expect(["986", "92.9", "108.1", "37"].map((v) => isPlausibleTemperature(v, "F"))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(["37", "33.9", "42.2"].map((v) => isPlausibleTemperature(v, "C"))).toEqual([
      true,
      true,
      true,
    ]);
    expect(["98.6", "33.8", "42.3", "370"].map((v) => isPlausibleTemperature(v, "C"))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("leaves empty or unreadable values to the form's own rules", () => {
    expect(isPlausibleTemperature("", "F")).toBe(true);
    expect(isPlausibleTemperature("abc", "C")).toBe(true);
  });
});
