import { describe, expect, it } from "vitest";
import {
  newestTabletId,
  staffClient,
  tabletClient,
  useCatalogServer,
  visitor,
} from "./fixtures.ts";

const world = useCatalogServer();

const db = () => world.server.services.db.kysely;

/** A tablet of a location set up by a named staff member; returns the tablet's client and id. */
async function setUpTablet(locationId: number, firstName = "Setup", lastName = "Person") {
  const staff = await world.server.createUser({ firstName, lastName });
  const client = world.server.client();
  await client.login(staff.email, staff.password);
  expect((await client.get(`/api/locations/${locationId}/setup`)).status).toBe(200);
  return { client, id: await newestTabletId(world.server), staff };
}

describe("GET /api/locations/{id}/tablets", () => {
  it("lists the location's tablets with when and by whom each was set up, last seen and revoked, newest first", async () => {
    const location = (
      await world.admin.post("/api/locations", {
        Name: "Library",
        Address: "",
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json.id as number;
    const first = await setUpTablet(location, "Mary", "Jackson");
    const second = await setUpTablet(location, "Dorothy", "Vaughan");
    await setUpTablet(world.catalog.east.id);
    expect((await first.client.get(`/api/visits?locationId=${location}`)).status).toBe(200);

    const staff = await staffClient(world.server);
    const res = await staff.get(`/api/locations/${location}/tablets`);
    expect(res.status).toBe(200);
    expect(res.json.map((t: { id: number }) => t.id)).toEqual([second.id, first.id]);
    const [newest, oldest] = res.json;
    expect(newest).toEqual({
      id: second.id,
      locationId: location,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      createdBy: { id: second.staff.id, firstName: "Dorothy", lastName: "Vaughan" },
      lastSeenAt: null,
      revokedAt: null,
    });
    expect(oldest.createdBy).toEqual({
      id: first.staff.id,
      firstName: "Mary",
      lastName: "Jackson",
    });
    expect(oldest.lastSeenAt).toEqual(expect.stringMatching(/Z$/));
    expect(res.headers["x-total-count"]).toBe("2");
  });

  it("answers 404 for an unknown location, 422 for an id that is not a number", async () => {
    expect((await world.admin.get("/api/locations/999999/tablets")).status).toBe(404);
    expect((await world.admin.get("/api/locations/abc/tablets")).status).toBe(422);
  });
});

describe("DELETE /api/tablets/{id}", () => {
  it("disconnects the tablet at once: its next call is 401 'This tablet was disconnected'", async () => {
    const tablet = await setUpTablet(world.catalog.main.id);
    expect(
      (await tablet.client.get(`/api/visits?locationId=${world.catalog.main.id}`)).status,
    ).toBe(200);
    const staff = await staffClient(world.server);
    const res = await staff.delete(`/api/tablets/${tablet.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: tablet.id,
      locationId: world.catalog.main.id,
      revokedAt: expect.stringMatching(/Z$/),
    });

    const next = await tablet.client.get(`/api/visits?locationId=${world.catalog.main.id}`);
    expect(next.status).toBe(401);
    expect(next.json.message).toBe("This tablet was disconnected");
    const signIn = await tablet.client.post("/api/visits", {
      FirstName: "A",
      LastName: "B",
      PhoneNumber: "4155550100",
      Temperature: "98",
      LocationId: world.catalog.main.id,
      ProgramId: world.catalog.tutoring.id,
    });
    expect(signIn.status).toBe(401);
    // Still listed, marked revoked.
    const listed = (await staff.get(`/api/locations/${world.catalog.main.id}/tablets`)).json.find(
      (t: { id: number }) => t.id === tablet.id,
    );
    expect(listed.revokedAt).toBe(res.json.revokedAt);
  });

  it("tells a disconnected tablet it is disconnected even when its input is also wrong, so the sheet shows why rather than field errors", async () => {
    const tablet = await setUpTablet(world.catalog.main.id);
    expect((await world.admin.delete(`/api/tablets/${tablet.id}`)).status).toBe(200);
    const badSignIn = await tablet.client.post("/api/visits", {
      FirstName: "",
      PhoneNumber: "12",
      Temperature: "hot",
      LocationId: world.catalog.main.id,
      ProgramId: world.catalog.tutoring.id,
    });
    expect(badSignIn.status).toBe(401);
    expect(badSignIn.json.message).toBe("This tablet was disconnected");
    const badList = await tablet.client.get("/api/visits?locationId=abc");
    expect(badList.status).toBe(401);
    const badSignOut = await tablet.client.patch("/api/visits/abc/sign-out");
    expect(badSignOut.status).toBe(401);
    // A tablet still connected gets the field errors.
    const kept = await tabletClient(world.server, world.catalog.main.id);
    expect(
      (
        await kept.post("/api/visits", {
          FirstName: "",
          LocationId: world.catalog.main.id,
          ProgramId: world.catalog.tutoring.id,
        })
      ).status,
    ).toBe(422);
  });

  it("refuses a disconnected tablet's retry of a sign-in it made before, rather than replaying the visit", async () => {
    const tablet = await setUpTablet(world.catalog.main.id);
    const signIn = () =>
      tablet.client.post("/api/visits", visitor(world.catalog.main.id, world.catalog.tutoring.id), {
        "idempotency-key": "retry-after-revocation",
      });
    expect((await signIn()).status).toBe(201);
    expect((await signIn()).status).toBe(201);
    expect((await world.admin.delete(`/api/tablets/${tablet.id}`)).status).toBe(200);
    const retry = await signIn();
    expect(retry.status).toBe(401);
    expect(retry.json.message).toBe("This tablet was disconnected");
  });

  it("keeps a tablet to its own location: another location's sign-in is a 403 and writes nothing", async () => {
    const tablet = await setUpTablet(world.catalog.main.id);
    const east = world.catalog.east.id;
    const before = (await world.admin.get(`/api/visits?locationId=${east}`)).json as unknown[];
    const res = await tablet.client.post("/api/visits", visitor(east, world.catalog.jobs.id));
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("This tablet belongs to another location");
    expect((await world.admin.get(`/api/visits?locationId=${east}`)).json).toEqual(before);
  });

  it("keeps the first revocation time when asked twice, and answers 404 for an unknown tablet", async () => {
    const tablet = await setUpTablet(world.catalog.main.id);
    const first = await world.admin.delete(`/api/tablets/${tablet.id}`);
    world.server.clock.offsetMs = 60_000;
    const second = await world.admin.delete(`/api/tablets/${tablet.id}`);
    world.server.clock.offsetMs = 0;
    expect(second.status).toBe(200);
    expect(second.json.revokedAt).toBe(first.json.revokedAt);
    expect((await world.admin.delete("/api/tablets/999999")).status).toBe(404);
    expect((await world.admin.delete("/api/tablets/x")).status).toBe(422);
  });

  it("leaves the location's other tablets working", async () => {
    const kept = await tabletClient(world.server, world.catalog.east.id);
    const revoked = await setUpTablet(world.catalog.east.id);
    expect((await world.admin.delete(`/api/tablets/${revoked.id}`)).status).toBe(200);
    expect((await kept.get(`/api/visits?locationId=${world.catalog.east.id}`)).status).toBe(200);
  });

  it("works over /trpc as the web app calls it", async () => {
    const tablet = await setUpTablet(world.catalog.east.id);
    const list = await world.admin.trpc("query", "tablets.list", { id: world.catalog.east.id });
    expect(list.status).toBe(200);
    expect(list.json.result.data.map((t: { id: number }) => t.id)).toContain(tablet.id);
    expect((await world.admin.trpc("mutation", "tablets.revoke", { id: tablet.id })).status).toBe(
      200,
    );
    const refused = await tablet.client.trpc("query", "visits.list", {
      locationId: world.catalog.east.id,
    });
    expect(refused.status).toBe(401);
    expect(refused.json.error.message).toBe("This tablet was disconnected");
  });
});

describe("last seen", () => {
  it("is written at most once a minute per tablet, whatever the number of calls", async () => {
    const tablet = await setUpTablet(world.catalog.main.id);
    const lastSeen = async () =>
      (
        await db()
          .selectFrom("tablets")
          .select("last_seen_at")
          .where("id", "=", tablet.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    expect(await lastSeen()).toBeNull();
    await tablet.client.get(`/api/visits?locationId=${world.catalog.main.id}`);
    const first = await lastSeen();
    expect(first).not.toBeNull();
    world.server.clock.offsetMs = 59_000;
    await tablet.client.get(`/api/visits?locationId=${world.catalog.main.id}`);
    expect(await lastSeen()).toEqual(first);
    world.server.clock.offsetMs = 61_000;
    await tablet.client.get(`/api/visits?locationId=${world.catalog.main.id}`);
    world.server.clock.offsetMs = 0;
    expect((await lastSeen())!.getTime()).toBeGreaterThan(first!.getTime() + 60_000);
  });
});
