import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";

/**
 * Served at a desk: the person stands there with their ticket, called or not. A waiting number is
 * called to the desk and served in one transaction, recorded as a call and a serve; without a
 * desk, served keeps refusing a number that was not called. On both databases: the two steps
 * share one transaction, and two staff at once serve the number once.
 */

const site = useCatalogWorld();
let staff: Client;

afterEach(() => void (site.world.clock.fixed = undefined));

beforeAll(async () => {
  staff = await staffClient(site.world);
});

/** A location whose line is on, in Los Angeles. */
async function line() {
  const res = await site.admin.call((api) =>
    api.locations.create({
      Name: `Desk line ${Math.random()}`,
      ProgramIds: [site.catalog.pantry.id],
      TimeZone: "America/Los_Angeles",
      Queue: "arrival",
    }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

/** A sign-in at `when` (the API's clock stopped there). */
async function signIn(locationId: number, when: string) {
  site.world.clock.fixed = new Date(when);
  const res = await staff.call((api) =>
    api.visits.create(visitor(locationId, site.catalog.pantry.id)),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; QueueNumber: number };
}

/** The visit's audit actions and webhook events, oldest first. */
async function recorded(visitId: number) {
  const db = site.world.services.db.kysely;
  const audit = await db
    .selectFrom("audit_log")
    .select("action")
    .where("subject_type", "=", "visit")
    .where("subject_id", "=", visitId)
    .orderBy("at")
    .orderBy("id")
    .execute();
  const events = await db
    .selectFrom("webhook_events")
    .select("type")
    .where("visit_id", "=", visitId)
    .orderBy("id")
    .execute();
  return { audit: audit.map((row) => row.action), events: events.map((row) => row.type) };
}

describe("served at a desk", () => {
  it("calls a waiting number to the desk and serves it at once, as a call then a serve", async () => {
    const endpoint = await site.admin.call((api) =>
      api.webhooks.create({
        url: "https://93.184.215.14/hooks",
        events: ["visit.called", "visit.served"],
      }),
    );
    expect(endpoint.status, JSON.stringify(endpoint.json)).toBe(201);
    try {
      const location = await line();
      const first = await signIn(location, "2026-04-01T18:00:00Z");
      const second = await signIn(location, "2026-04-01T18:01:00Z");
      site.world.clock.fixed = new Date("2026-04-01T18:05:00Z");

      const served = await staff.call((api) => api.queue.served({ id: second.id, desk: "3" }));
      expect(served.status, JSON.stringify(served.json)).toBe(200);
      expect(served.json).toMatchObject({
        id: second.id,
        CalledTo: "3",
        CalledAt: "2026-04-01T18:05:00.000Z",
        ServedAt: "2026-04-01T18:05:00.000Z",
        NoShowAt: null,
      });
      expect(await recorded(second.id)).toMatchObject({
        audit: ["visit.sign_in", "visit.call", "visit.serve"],
        events: ["visit.called", "visit.served"],
      });
      // Out of the line; the one before still waits.
      expect((await staff.call((api) => api.queue.get({ id: location }))).json).toEqual({
        serving: [],
        waiting: [{ number: first.QueueNumber, visitId: first.id, line: null }],
      });
      // Its wait counts as a call's: four minutes.
      const waits = await staff.call((api) =>
        api.queue.waits({ id: location, from: "2026-04-01", to: "2026-04-01" }),
      );
      expect(waits.json[0]).toMatchObject({ numbered: 2, called: 1, longestWaitMinutes: 4 });
    } finally {
      await site.admin.call((api) => api.webhooks.remove({ id: endpoint.json.id }));
    }
  });

  it("serves a called number at the desk it was called to; without a desk a waiting one is refused; nothing twice", async () => {
    const location = await line();
    const waiting = await signIn(location, "2026-04-02T18:00:00Z");
    const called = await signIn(location, "2026-04-02T18:01:00Z");
    await staff.call((api) => api.queue.callNumber({ id: called.id, desk: "1" }));

    const atOtherDesk = await staff.call((api) => api.queue.served({ id: called.id, desk: "2" }));
    expect(atOtherDesk.status).toBe(200);
    expect(atOtherDesk.json).toMatchObject({ CalledTo: "1" });
    expect((await recorded(called.id)).audit).toEqual([
      "visit.sign_in",
      "visit.call",
      "visit.serve",
    ]);

    // The contract without a desk: a waiting number is not served.
    const bare = await staff.call((api) => api.queue.served({ id: waiting.id }));
    expect(bare.status).toBe(409);
    expect(bare.json.key).toBe("queue.notCalled");

    const again = await staff.call((api) => api.queue.served({ id: called.id, desk: "2" }));
    expect(again.status).toBe(409);
    expect(again.json.key).toBe("queue.notCalled");
    expect((await recorded(called.id)).audit).toEqual([
      "visit.sign_in",
      "visit.call",
      "visit.serve",
    ]);
    expect((await recorded(waiting.id)).audit).toEqual(["visit.sign_in"]);
  });

  it("serves a waiting number once when two staff serve it at once", async () => {
    const location = await line();
    const visit = await signIn(location, "2026-04-03T18:00:00Z");
    const other = await staffClient(site.world);
    const replies = await Promise.all([
      staff.call((api) => api.queue.served({ id: visit.id, desk: "1" })),
      other.call((api) => api.queue.served({ id: visit.id, desk: "2" })),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect((await recorded(visit.id)).audit).toEqual([
      "visit.sign_in",
      "visit.call",
      "visit.serve",
    ]);
  });

  it("is staff's at their own locations: a tablet 403, another location's staff 404, a blank desk 422, nothing written", async () => {
    const location = await line();
    const elsewhere = await line();
    const visit = await signIn(location, "2026-04-04T18:00:00Z");
    const tablet = await tabletClient(site.world, location);
    const narrowed = await site.world.createUser({
      access: [{ locationId: elsewhere, role: "staff" }],
    });
    const outsider = site.world.client();
    await outsider.login(narrowed.email, narrowed.password);

    expect((await tablet.call((api) => api.queue.served({ id: visit.id, desk: "1" }))).status).toBe(
      403,
    );
    expect(
      (await outsider.call((api) => api.queue.served({ id: visit.id, desk: "1" }))).status,
    ).toBe(404);
    const blank = await staff.call((api) => api.queue.served({ id: visit.id, desk: " " }));
    expect(blank.status).toBe(422);
    expect(blank.json.errors[0].path).toBe("desk");
    expect((await recorded(visit.id)).audit).toEqual(["visit.sign_in"]);
  });
});
