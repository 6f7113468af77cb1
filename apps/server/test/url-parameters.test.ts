import { describe, expect, it } from "vitest";
import { useCatalogServer, visitor } from "./fixtures.ts";

/**
 * What a URL's path and query may hold, as the REST transport reads them: ids in plain decimal
 * digits, no control characters in a file's key, an empty parameter as one not sent. The rules of
 * each procedure's input are tested in process (packages/api).
 */

const world = useCatalogServer();

const pathsOf = (body: { errors?: Array<{ path: string }> }) =>
  (body.errors ?? []).map((e) => e.path);

describe("ids", () => {
  it("are plain decimal integers in paths and queries: 0x1, 1e0, +1, 01, 1.0 and ' 1' are 422", async () => {
    const id = String(world.catalog.main.id);
    expect((await world.admin.get(`/api/locations/${id}`)).status).toBe(200);
    expect((await world.admin.get(`/api/visits?locationId=${id}`)).status).toBe(200);
    for (const written of ["0x1", "1e0", "+1", "01", "1.0", " 1", `0${id}`, `${id}.0`]) {
      const path = await world.admin.get(`/api/locations/${encodeURIComponent(written)}`);
      expect([path.status, pathsOf(path.json)], `path ${written}`).toEqual([422, ["id"]]);
      const query = await world.admin.get(`/api/visits?locationId=${encodeURIComponent(written)}`);
      expect([query.status, pathsOf(query.json)], `query ${written}`).toEqual([
        422,
        ["locationId"],
      ]);
    }
  });
});

describe("control characters", () => {
  it("are a 422 on the field in a file's key, a path of its own route", async () => {
    const res = await world.admin.get(`/api/files/${encodeURIComponent("a\u0000b")}`);
    expect([res.status, pathsOf(res.json)]).toEqual([422, ["key"]]);
  });
});

describe("an empty query parameter", () => {
  it("is one not sent: the report with from= and to= empty is the report without them", async () => {
    const { main, tutoring } = world.catalog;
    expect((await world.admin.post("/api/visits", visitor(main.id, tutoring.id))).status).toBe(201);
    const without = await world.admin.get(`/api/visits?locationId=${main.id}`);
    const empty = await world.admin.get(`/api/visits?locationId=${main.id}&from=&to=`);
    expect(empty.status).toBe(200);
    expect(empty.json).toHaveLength(1);
    expect(empty.json).toEqual(without.json);
    expect(empty.headers["x-total-count"]).toBe(without.headers["x-total-count"]);
  });
});
