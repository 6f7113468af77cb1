import { describe, expect, it } from "vitest";
import { kioskPageAt } from "./routes";

describe("the kiosk's pages", () => {
  it("are found by path, with or without a trailing slash", () => {
    expect(kioskPageAt("/sheet")).toBe("start");
    expect(kioskPageAt("/sheet/")).toBe("start");
    expect(kioskPageAt("/sheet/12")).toBe("sheet");
    expect(kioskPageAt("/sheet/12/")).toBe("sheet");
    expect(kioskPageAt("/sheet/12/sign-in")).toBe("signIn");
    expect(kioskPageAt("/sheet/disconnected")).toBe("disconnected");
  });

  it("are not found for anything else under /sheet", () => {
    for (const path of ["/sheet/0", "/sheet/abc", "/sheet/12/sign-out", "/sheet/12/sign-in/x"])
      expect(kioskPageAt(path), path).toBe("notFound");
  });
});
