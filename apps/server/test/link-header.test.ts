import { describe, expect, it } from "vitest";
import { useCatalogServer } from "./fixtures.ts";

const world = useCatalogServer();

/** rel="next" and rel="last" of a Link header, as a script reads them. */
function rels(header: string | null): Record<string, string> {
  return Object.fromEntries(
    (header ?? "")
      .split(", ")
      .filter(Boolean)
      .map((part) => {
        const [, url, rel] = part.match(/^<([^>]+)>; rel="(\w+)"$/)!;
        return [rel!, url!];
      }),
  );
}

describe("the report's Link header", () => {
  it("leads a plain HTTP client from the first page to the last by rel=next, and rel=last names it", async () => {
    const { server, admin, catalog } = world;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      first_name: `L${i}`,
      last_name: "Link",
      phone_number: String(4155550000 + i),
      temperature: "98",
      location_id: catalog.east.id,
      program_id: catalog.jobs.id,
      time_in: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await server.services.db.kysely.insertInto("visits").values(rows).execute();
    const token = (await admin.post("/api/tokens", { name: "link walker" })).json.token as string;
    const address = await server.app.listen({ port: 0, host: "127.0.0.1" });
    // Links carry the public BASE_URL (http://signin.test); the test's listener stands in for it.
    const get = (url: string) => {
      const { origin, pathname, search } = new URL(url, address);
      if (origin !== address) expect(origin).toBe(server.services.config.baseUrl);
      return fetch(`${address}${pathname}${search}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    };

    let response = await get(`${address}/api/visits?locationId=${catalog.east.id}`);
    const last = rels(response.headers.get("link")).last;
    expect(last).toBeDefined();
    const seen: string[] = [];
    for (;;) {
      expect(response.status).toBe(200);
      seen.push(
        ...((await response.json()) as Array<{ FirstName: string }>).map((v) => v.FirstName),
      );
      const next = rels(response.headers.get("link")).next;
      if (!next) break;
      expect(new URL(next).pathname).toBe("/api/visits");
      response = await get(next);
    }
    expect(seen.sort()).toEqual(rows.map((r) => r.first_name).sort());
    const lastPage = await get(last!);
    expect(lastPage.status).toBe(200);
    expect(((await lastPage.json()) as unknown[]).length).toBe(10);
  });
});
