import { describe, expect, it } from "vitest";
import {
  newestTabletId,
  staffClient,
  tabletClient,
  useCatalogWorld,
  visitor,
} from "../../test/fixtures.ts";

/** Staff's view of a location's tablets, and a tablet disconnected: refused from its next call. */

const site = useCatalogWorld();

const db = () => site.world.services.db.kysely;

/** A tablet of a location set up by a named staff member; returns the tablet's client and id. */
async function setUpTablet(locationId: number, firstName = "Setup", lastName = "Person") {
  const staff = await site.world.createUser({ firstName, lastName });
  const client = site.world.client();
  await client.login(staff.email, staff.password);
  expect((await client.call((api) => api.locations.setup({ id: locationId }))).status).toBe(200);
  return { client, id: await newestTabletId(site.world), staff };
}

describe("a location's tablets (tablets.list)", () => {
  it("lists the location's tablets with when and by whom each was set up, last seen and revoked, newest first", async () => {
    const location = (
      await site.admin.call((api) =>
        api.locations.create({
          Name: "Library",
          Address: "",
          ProgramIds: [site.catalog.pantry.id],
        }),
      )
    ).json.id as number;
    const first = await setUpTablet(location, "Mary", "Jackson");
    const second = await setUpTablet(location, "Dorothy", "Vaughan");
    await setUpTablet(site.catalog.east.id);
    expect(
      (await first.client.call((api) => api.visits.list({ locationId: location }))).status,
    ).toBe(200);

    const staff = await staffClient(site.world);
    const res = await staff.call((api) => api.tablets.list({ id: location }));
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
    expect(res.headers["X-Total-Count"]).toBe("2");
  });

  it("answers 404 for an unknown location, 422 for an id that is not a number", async () => {
    expect((await site.admin.call((api) => api.tablets.list({ id: 999999 }))).status).toBe(404);
    expect((await site.admin.call((api) => api.tablets.list({ id: "abc" }))).status).toBe(422);
  });
});

describe("disconnecting a tablet (tablets.revoke)", () => {
  it("disconnects the tablet at once: its next call is 401 'This tablet was disconnected'", async () => {
    const tablet = await setUpTablet(site.catalog.main.id);
    expect(
      (await tablet.client.call((api) => api.visits.list({ locationId: site.catalog.main.id })))
        .status,
    ).toBe(200);
    const staff = await staffClient(site.world);
    const res = await staff.call((api) => api.tablets.revoke({ id: tablet.id }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: tablet.id,
      locationId: site.catalog.main.id,
      revokedAt: expect.stringMatching(/Z$/),
    });

    const next = await tablet.client.call((api) =>
      api.visits.list({ locationId: site.catalog.main.id }),
    );
    expect(next.status).toBe(401);
    expect(next.json.message).toBe("This tablet was disconnected");
    const signIn = await tablet.client.call((api) =>
      api.visits.create({
        FirstName: "A",
        LastName: "B",
        PhoneNumber: "4155550100",
        Temperature: "98",
        LocationId: site.catalog.main.id,
        ProgramId: site.catalog.tutoring.id,
      }),
    );
    expect(signIn.status).toBe(401);
    // Still listed, marked revoked.
    const listed = (
      await staff.call((api) => api.tablets.list({ id: site.catalog.main.id }))
    ).json.find((t: { id: number }) => t.id === tablet.id);
    expect(listed.revokedAt).toBe(res.json.revokedAt);
  });

  it("every call checks the tablet, so a disconnection counts from the next call: the sheet, a sign-in, a sign-out of its own open visit", async () => {
    const tablet = await setUpTablet(site.catalog.main.id);
    const { main, tutoring } = site.catalog;
    const open = await tablet.client.call((api) =>
      api.visits.create(visitor(main.id, tutoring.id)),
    );
    expect(open.status).toBe(201);
    expect((await site.admin.call((api) => api.tablets.revoke({ id: tablet.id }))).status).toBe(
      200,
    );
    for (const call of [
      () =>
        tablet.client.call((api) =>
          api.visits.list({ locationId: main.id, programId: tutoring.id }),
        ),
      () => tablet.client.call((api) => api.visits.create(visitor(main.id, tutoring.id))),
      () => tablet.client.call((api) => api.visits.signOut({ id: open.json.id })),
    ]) {
      const res = await call();
      expect(res.status).toBe(401);
      expect(res.json.message).toBe("This tablet was disconnected");
    }
  });

  it("tells a disconnected tablet it is disconnected even when its input is also wrong, so the sheet shows why rather than field errors", async () => {
    const tablet = await setUpTablet(site.catalog.main.id);
    expect((await site.admin.call((api) => api.tablets.revoke({ id: tablet.id }))).status).toBe(
      200,
    );
    const badSignIn = await tablet.client.call((api) =>
      api.visits.create({
        FirstName: "",
        PhoneNumber: "12",
        Temperature: "hot",
        LocationId: site.catalog.main.id,
        ProgramId: site.catalog.tutoring.id,
      } as never),
    );
    expect(badSignIn.status).toBe(401);
    expect(badSignIn.json.message).toBe("This tablet was disconnected");
    const badList = await tablet.client.call((api) => api.visits.list({ locationId: "abc" }));
    expect(badList.status).toBe(401);
    const badSignOut = await tablet.client.call((api) => api.visits.signOut({ id: "abc" }));
    expect(badSignOut.status).toBe(401);
    // A tablet still connected gets the field errors.
    const kept = await tabletClient(site.world, site.catalog.main.id);
    expect(
      (
        await kept.call((api) =>
          api.visits.create({
            FirstName: "",
            LocationId: site.catalog.main.id,
            ProgramId: site.catalog.tutoring.id,
          } as never),
        )
      ).status,
    ).toBe(422);
  });

  it("refuses a disconnected tablet's retry of a sign-in it made before, rather than replaying the visit", async () => {
    const tablet = await setUpTablet(site.catalog.main.id);
    const signIn = () =>
      tablet.client.call(
        (api) => api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
        {
          headers: {
            "idempotency-key": "retry-after-revocation",
          },
        },
      );
    expect((await signIn()).status).toBe(201);
    expect((await signIn()).status).toBe(201);
    expect((await site.admin.call((api) => api.tablets.revoke({ id: tablet.id }))).status).toBe(
      200,
    );
    const retry = await signIn();
    expect(retry.status).toBe(401);
    expect(retry.json.message).toBe("This tablet was disconnected");
  });

  it("keeps a tablet to its own location: another location's sign-in is a 403 and writes nothing", async () => {
    const tablet = await setUpTablet(site.catalog.main.id);
    const east = site.catalog.east.id;
    const before = (await site.admin.call((api) => api.visits.list({ locationId: east })))
      .json as unknown[];
    const res = await tablet.client.call((api) =>
      api.visits.create(visitor(east, site.catalog.jobs.id)),
    );
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("This tablet belongs to another location");
    expect((await site.admin.call((api) => api.visits.list({ locationId: east }))).json).toEqual(
      before,
    );
  });

  it("keeps the first revocation time when asked twice, and answers 404 for an unknown tablet", async () => {
    const tablet = await setUpTablet(site.catalog.main.id);
    const first = await site.admin.call((api) => api.tablets.revoke({ id: tablet.id }));
    site.world.clock.offsetMs = 60_000;
    const second = await site.admin.call((api) => api.tablets.revoke({ id: tablet.id }));
    site.world.clock.offsetMs = 0;
    expect(second.status).toBe(200);
    expect(second.json.revokedAt).toBe(first.json.revokedAt);
    expect((await site.admin.call((api) => api.tablets.revoke({ id: 999999 }))).status).toBe(404);
    expect((await site.admin.call((api) => api.tablets.revoke({ id: "x" }))).status).toBe(422);
  });

  it("leaves the location's other tablets working", async () => {
    const kept = await tabletClient(site.world, site.catalog.east.id);
    const revoked = await setUpTablet(site.catalog.east.id);
    expect((await site.admin.call((api) => api.tablets.revoke({ id: revoked.id }))).status).toBe(
      200,
    );
    expect(
      (await kept.call((api) => api.visits.list({ locationId: site.catalog.east.id }))).status,
    ).toBe(200);
  });
});

describe("last seen", () => {
  it("is written at most once a minute per tablet, whatever the number of calls", async () => {
    const tablet = await setUpTablet(site.catalog.main.id);
    const lastSeen = async () =>
      (
        await db()
          .selectFrom("tablets")
          .select("last_seen_at")
          .where("id", "=", tablet.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    expect(await lastSeen()).toBeNull();
    await tablet.client.call((api) => api.visits.list({ locationId: site.catalog.main.id }));
    const first = await lastSeen();
    expect(first).not.toBeNull();
    site.world.clock.offsetMs = 59_000;
    await tablet.client.call((api) => api.visits.list({ locationId: site.catalog.main.id }));
    expect(await lastSeen()).toEqual(first);
    site.world.clock.offsetMs = 61_000;
    await tablet.client.call((api) => api.visits.list({ locationId: site.catalog.main.id }));
    site.world.clock.offsetMs = 0;
    expect((await lastSeen())!.getTime()).toBeGreaterThan(first!.getTime() + 60_000);
  });
});
