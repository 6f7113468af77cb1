import { describe, expect, it } from "vitest";
import { disconnectedPath, isKioskPath, sheetPath } from "./addresses.js";

describe("isKioskPath", () => {
  it("is /sheet and everything under it, with or without a query", () => {
    for (const path of ["/sheet", "/sheet/", "/sheet/3", "/sheet/3/sign-in", "/sheet?programId=2"])
      expect(isKioskPath(path), path).toBe(true);
    expect(isKioskPath(sheetPath(12))).toBe(true);
    expect(isKioskPath(disconnectedPath)).toBe(true);
  });

  it("is nothing else: the staff app's addresses, a longer name, the API", () => {
    for (const path of ["/", "/sheets", "/sheet-x", "/login", "/api/visits", "/dashboard/sheet"])
      expect(isKioskPath(path), path).toBe(false);
  });
});
