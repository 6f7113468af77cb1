import { describe, expect, it } from "vitest";
import {
  disconnectedPath,
  doorPath,
  isDoorPath,
  isKioskPath,
  kioskPageFile,
  servedByKiosk,
  sheetPath,
} from "./addresses.js";

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

describe("isDoorPath and servedByKiosk", () => {
  it("is a poster's page, /d/<code>, which the kiosk's build serves as it does its sheets", () => {
    for (const path of [doorPath("Ab3_-x9QrStUvWx0"), "/d/abc?lang=es", "/d/abc/"]) {
      expect(isDoorPath(path), path).toBe(true);
      expect(servedByKiosk(path), path).toBe(true);
    }
    expect(servedByKiosk(sheetPath(3))).toBe(true);
  });

  it("is answered with the kiosk build's door.html, its sheets with index.html", () => {
    expect(kioskPageFile(doorPath("Ab3_-x9QrStUvWx0"))).toBe("door.html");
    expect(kioskPageFile("/d/abc?lang=es")).toBe("door.html");
    expect(kioskPageFile(sheetPath(3))).toBe("index.html");
    expect(kioskPageFile("/sheet/")).toBe("index.html");
  });

  it("is not /d alone, another name starting with d, or the API's door", () => {
    for (const path of ["/d", "/d/", "/dashboard", "/door/abc", "/api/door/abc", "/d/a b"])
      expect(isDoorPath(path), path).toBe(false);
    expect(servedByKiosk("/dashboard/locations")).toBe(false);
  });
});
