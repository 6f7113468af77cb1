import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";

const site = useCatalogWorld();

describe("lists", () => {
  it("every list answers X-Total-Count, even when the whole list is one page", async () => {
    await site.admin.call((api) =>
      api.invites.create({ firstName: "Counted", email: "counted@example.org" }),
    );
    await site.admin.call((api) => api.tokens.create({ name: "counted" }));
    for (const url of [
      "/api/locations",
      "/api/programs",
      "/api/users",
      "/api/invites",
      "/api/tokens",
    ]) {
      const res = await site.admin.get(url);
      expect(res.status, url).toBe(200);
      expect(res.json.length, url).toBeGreaterThan(0);
      expect(res.headers["x-total-count"], url).toBe(String(res.json.length));
    }
  });
});

describe("the Authorization header", () => {
  it("read once: a malformed bearer ('Bearer a b') is no bearer, so a cookie call still needs its XSRF header", async () => {
    site.admin.sendXsrf = false;
    const res = await site.admin.call((api) => api.locations.create({ Name: "Sneaky" }), {
      headers: { authorization: "Bearer a b" },
    });
    site.admin.sendXsrf = true;
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("Missing or invalid X-XSRF-TOKEN header");
  });
});
