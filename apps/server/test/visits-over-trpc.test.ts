import { beforeAll, describe, expect, it } from "vitest";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";
import type { Client } from "./harness.ts";

/**
 * The web app's transport: a tablet's and staff's visit calls over /trpc answer as over /api (the
 * procedures' behaviour is tested in process, in packages/api/src/visits and tablets).
 */

const world = useCatalogServer();
let tablet: Client;
beforeAll(async () => {
  tablet = await tabletClient(world.server, world.catalog.main.id);
  await tablet.prime();
});

describe("visits over /trpc", () => {
  it("signs in, out and lists as the web app does", async () => {
    const { main, tutoring } = world.catalog;
    const created = await tablet.trpc(
      "mutation",
      "visits.create",
      visitor(main.id, tutoring.id, { FirstName: "Rpc" }),
    );
    expect(created.status).toBe(200);
    const id = created.json.result.data.id;
    const out = await tablet.trpc("mutation", "visits.signOut", { id });
    expect(out.json.result.data.TimeOut).not.toBeNull();
    expect(out.json.result.data.SignedOutBy).toBe("visitor");
    const list = await tablet.trpc("query", "visits.list", {
      locationId: main.id,
      programId: tutoring.id,
    });
    expect(list.json.result.data.map((v: { id: number }) => v.id)).not.toContain(id);
  });

  it("refuses a second sign-in with 409 and the open visit, over /api and /trpc", async () => {
    const { main, pantry } = world.catalog;
    const body = visitor(main.id, pantry.id, { FirstName: "Twice" });
    const first = await tablet.post("/api/visits", body);
    expect(first.status).toBe(201);
    const rest = await tablet.post("/api/visits", body);
    expect(rest.status).toBe(409);
    expect(rest.json).toMatchObject({ status: 409, visit: { id: first.json.id } });
    const rpc = await tablet.trpc("mutation", "visits.create", body);
    expect(rpc.status).toBe(409);
    expect(rpc.json.error).toMatchObject({ status: 409, visit: { id: first.json.id } });
  });
});
