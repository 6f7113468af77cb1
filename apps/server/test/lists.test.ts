import { describe, expect, it } from "vitest";
import { useCatalogServer } from "./fixtures.ts";

const world = useCatalogServer();

describe("lists", () => {
  it("every list answers X-Total-Count, even when the whole list is one page", async () => {
    await world.admin.post("/api/invites", { firstName: "Counted", email: "counted@example.org" });
    await world.admin.post("/api/tokens", { name: "counted" });
    for (const url of [
      "/api/locations",
      "/api/programs",
      "/api/users",
      "/api/invites",
      "/api/tokens",
    ]) {
      const res = await world.admin.get(url);
      expect(res.status, url).toBe(200);
      expect(res.json.length, url).toBeGreaterThan(0);
      expect(res.headers["x-total-count"], url).toBe(String(res.json.length));
    }
  });
});

describe("the Authorization header", () => {
  it("read once: a malformed bearer ('Bearer a b') is no bearer, so a cookie call still needs its XSRF header", async () => {
    world.admin.sendXsrf = false;
    const res = await world.admin.post(
      "/api/locations",
      { Name: "Sneaky" },
      { authorization: "Bearer a b" },
    );
    world.admin.sendXsrf = true;
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("Missing or invalid X-XSRF-TOKEN header");
  });
});
