import { beforeAll, describe, expect, it } from "vitest";
import { newestTabletId, tabletClient, useCatalogServer, visitor } from "./fixtures.ts";
import type { Client } from "./harness.ts";

/**
 * The web app's transport: a tablet's and staff's calls about visits and tablets over /trpc answer
 * as over /api (the procedures' behaviour is tested in process, in packages/api/src/visits and
 * packages/api/src/tablets).
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

  it("answers a tablet as the sheet sees a visit: a sign-in, the sheet, a 409's open visit, a sign-out", async () => {
    const { main, pantry } = world.catalog;
    const tabletView = { FirstName: "Ada", LastName: "L", PhoneNumber: "xxxxxx0102" };
    const ada = visitor(main.id, pantry.id, {
      FirstName: "Ada",
      LastName: "Lovelace",
      PhoneNumber: "415-555-0102",
    });
    const bodies: string[] = [];
    const seen = <R extends { body: string }>(reply: R) => (bodies.push(reply.body), reply);
    const signedIn = seen(
      await tablet.trpc("mutation", "visits.create", { ...ada, idempotencyKey: "view-2" }),
    );
    expect(signedIn.json.result.data).toMatchObject(tabletView);
    const sheet = seen(
      await tablet.trpc("query", "visits.list", { locationId: main.id, programId: pantry.id }),
    );
    expect(
      sheet.json.result.data.find((v: { id: number }) => v.id === signedIn.json.result.data.id),
    ).toMatchObject(tabletView);
    const twice = seen(await tablet.trpc("mutation", "visits.create", ada));
    expect(twice.json.error.visit).toMatchObject(tabletView);
    const out = seen(
      await tablet.trpc("mutation", "visits.signOut", { id: signedIn.json.result.data.id }),
    );
    expect(out.json.result.data).toMatchObject(tabletView);
    for (const body of bodies) {
      expect(body).not.toContain("Lovelace");
      expect(body).not.toContain("4155550102");
    }
  });

  it("refuses a tablet reading or rewriting a visit (403), and signing out an old one (404), over /api and /trpc", async () => {
    const { main, tutoring } = world.catalog;
    const ended = Date.now() - 2 * 24 * 3600_000;
    const old = await world.server.services.db.kysely
      .insertInto("visits")
      .values({
        first_name: "Ada",
        last_name: "Lovelace",
        phone_number: "4155550004",
        temperature: "98.6",
        location_id: main.id,
        program_id: tutoring.id,
        time_in: new Date(ended - 3600_000),
        time_out: new Date(ended),
        signed_out_by: "visitor",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await tablet.get(`/api/visits/${old.id}`)).status).toBe(403);
    expect((await tablet.trpc("query", "visits.get", { id: old.id })).status).toBe(403);
    expect((await tablet.patch(`/api/visits/${old.id}`, { LastName: "Tampered" })).status).toBe(
      403,
    );
    expect(
      (await tablet.trpc("mutation", "visits.update", { id: old.id, LastName: "Tampered" })).status,
    ).toBe(403);
    expect((await tablet.patch(`/api/visits/${old.id}/sign-out`)).status).toBe(404);
    expect((await tablet.trpc("mutation", "visits.signOut", { id: old.id })).status).toBe(404);
  });
});

describe("tablets over /trpc", () => {
  it("lists and disconnects as the web app calls it; the tablet's next call is a 401 saying why", async () => {
    const { east } = world.catalog;
    const eastTablet = await tabletClient(world.server, east.id);
    const id = await newestTabletId(world.server, east.id);
    const list = await world.admin.trpc("query", "tablets.list", { id: east.id });
    expect(list.status).toBe(200);
    expect(list.json.result.data.map((t: { id: number }) => t.id)).toContain(id);
    expect((await world.admin.trpc("mutation", "tablets.revoke", { id })).status).toBe(200);
    await eastTablet.prime();
    const refused = await eastTablet.trpc("query", "visits.list", { locationId: east.id });
    expect(refused.status).toBe(401);
    expect(refused.json.error.message).toBe("This tablet was disconnected");
  });
});
