import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";
import type { Api } from "../../test/world.ts";

const site = useCatalogWorld();

describe("lists", () => {
  it("every list answers X-Total-Count, even when the whole list is one page", async () => {
    await site.admin.call((api) =>
      api.invites.create({ firstName: "Counted", email: "counted@example.org" }),
    );
    await site.admin.call((api) => api.tokens.create({ name: "counted" }));
    const lists: Array<[string, (api: Api) => Promise<unknown>]> = [
      ["locations", (api) => api.locations.list()],
      ["programs", (api) => api.programs.list()],
      ["users", (api) => api.users.list()],
      ["invites", (api) => api.invites.list()],
      ["tokens", (api) => api.tokens.list()],
    ];
    for (const [name, list] of lists) {
      const res = await site.admin.call(list);
      expect(res.status, name).toBe(200);
      expect(res.json.length, name).toBeGreaterThan(0);
      expect(res.headers["X-Total-Count"], name).toBe(String(res.json.length));
    }
  });
});
