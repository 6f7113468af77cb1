import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  adminClient,
  staffClient,
  tabletClient,
  useCatalogWorld,
  visitor,
} from "../../test/fixtures.ts";
import { startReceiver } from "@vsi/test-utils/webhook-receiver";
import type { Client } from "../../test/world.ts";
import { autoSignOut } from "../visits/auto-sign-out.ts";
import { claimLeaseMs, deliverDue, endpointPauseMs, type DeliveryLimits } from "./delivery.ts";
import { fanOutEvents } from "./fan-out.ts";

const site = useCatalogWorld();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let receivers: Array<{ close(): Promise<void> }> = [];
beforeEach(async () => {
  site.world.services.config.webhooksAllowPrivateNetworks = true;
  // Each test's endpoints alone: earlier tests' are removed.
  await site.world.services.db.kysely.deleteFrom("webhook_endpoints").execute();
  await site.world.services.db.kysely.deleteFrom("webhook_events").execute();
});
afterEach(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  receivers = [];
});

async function receiver(answers?: Parameters<typeof startReceiver>[0]) {
  const started = await startReceiver(answers);
  receivers.push(started);
  return started;
}

async function addEndpoint(
  url: string,
  fields: Partial<{
    events: string[];
    locationIds: number[];
    includePersonalDetails: boolean;
  }> = {},
) {
  const res = await site.admin.call((api) =>
    api.webhooks.create({
      url,
      events: (fields.events ?? [
        "visit.signed_in",
        "visit.signed_out",
        "visit.updated",
        "visit.deleted",
      ]) as never,
      locationIds: fields.locationIds ?? [],
      includePersonalDetails: fields.includePersonalDetails ?? false,
      enabled: true,
    }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; secret: string };
}

/** Fans out what was written, then sends what is due at `now` (the API's clock unless given), as the server does. */
const deliver = async (now = site.world.services.now()) => {
  await fanOutEvents(site.world.services.db.kysely);
  return deliverDue(site.world.services.db.kysely, {
    now,
    allowPrivate: site.world.services.config.webhooksAllowPrivateNetworks === true,
  });
};

/**
 * A delivery run with the test's limits beside receivers that hold their requests, whose sends end
 * only at their time-out, long after the test's. Whatever the outcome, the run is stopped, those
 * receivers closed (ending their sends) and the run awaited within the test, never in the next
 * one's tables.
 */
function deliverBesideHung(
  db: Parameters<typeof deliverDue>[0],
  limits: DeliveryLimits,
  holding: Array<{ close(): Promise<void> }>,
) {
  let stopped = false;
  const run = deliverDue(db, {
    now: site.world.services.now(),
    allowPrivate: true,
    timeoutMs: 120_000,
    limits,
    stopping: () => stopped,
  });
  onTestFinished(async () => {
    stopped = true;
    for (const receiver of holding) await receiver.close();
    await run;
  });
  return run;
}

const signIn = async (tablet: Client, overrides: Record<string, unknown> = {}) => {
  const res = await tablet.call((api) =>
    api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id, overrides)),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
};

const bodies = (received: Array<{ body: string }>) =>
  received.map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: any });

describe("endpoints", () => {
  it("shows the whsec_ secret once, at creation, and lists endpoints without it", async () => {
    const created = await addEndpoint("https://93.184.215.14/hooks", {
      locationIds: [site.catalog.main.id],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await site.admin.call((api) => api.webhooks.list());
    expect(list.headers["X-Total-Count"]).toBe("1");
    expect(list.json).toEqual([
      {
        id: created.id,
        url: "https://93.184.215.14/hooks",
        events: ["visit.signed_in", "visit.signed_out", "visit.updated", "visit.deleted"],
        locationIds: [site.catalog.main.id],
        locationId: null,
        includePersonalDetails: false,
        enabled: true,
        failingSince: null,
        pausedForFailuresAt: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("is for admins only: staff get 403", async () => {
    const staff = await staffClient(site.world);
    expect((await staff.call((api) => api.webhooks.list())).status).toBe(403);
    expect(
      (
        await staff.call((api) =>
          api.webhooks.create({
            url: "https://93.184.215.14/",
            events: ["visit.signed_in"],
            locationIds: [],
            includePersonalDetails: false,
            enabled: true,
          }),
        )
      ).status,
    ).toBe(403);
  });

  it("refuses bad input with 422 naming the field, and writes nothing", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: "ftp://example.org/", events: ["visit.signed_in"] }, "url"],
      [{ url: "https://user:pw@example.org/", events: ["visit.signed_in"] }, "url"],
      [{ url: "https://93.184.215.14/", events: [] }, "events"],
      [{ url: "https://93.184.215.14/", events: ["visit.made_up"] }, "events.0"],
      [
        { url: "https://93.184.215.14/", events: ["visit.signed_in"], locationIds: [999999] },
        "locationIds.0",
      ],
    ];
    for (const [input, path] of cases) {
      const res = await site.admin.call((api) => api.webhooks.create(input as never));
      expect(res.status, JSON.stringify(input)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const list = await site.admin.call((api) => api.webhooks.list());
    expect(list.json).toEqual([]);
  });

  it("pauses, resumes, changes and deletes an endpoint, each in the audit log", async () => {
    const { id } = await addEndpoint("https://93.184.215.14/hooks");
    const paused = await site.admin.call((api) => api.webhooks.update({ id, enabled: false }));
    expect(paused.json.enabled).toBe(false);
    const changed = await site.admin.call((api) =>
      api.webhooks.update({ id, events: ["visit.deleted"], enabled: true }),
    );
    expect(changed.json).toMatchObject({ enabled: true, events: ["visit.deleted"] });
    // A delivery waiting for it goes with it.
    expect((await site.admin.call((api) => api.webhooks.test({ id }))).status).toBe(202);
    const waiting = () =>
      site.world.services.db.kysely
        .selectFrom("webhook_deliveries")
        .select("id")
        .where("endpoint_id", "=", id)
        .execute();
    expect(await waiting()).toHaveLength(1);
    expect((await site.admin.call((api) => api.webhooks.remove({ id }))).status).toBe(200);
    expect(await waiting()).toEqual([]);
    expect((await site.admin.call((api) => api.webhooks.remove({ id }))).status).toBe(404);
    const audit = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select("action")
      .where("subject_type", "=", "webhook")
      .where("subject_id", "=", id)
      .orderBy("id")
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      "webhook.create",
      "webhook.pause",
      "webhook.resume",
      "webhook.delete",
    ]);
  });
});

describe("a location's own endpoints", () => {
  it("are listed to and managed by its admins alone, and hear that location's visits alone, whatever their row names", async () => {
    const { main, east, jobs } = site.catalog;
    const user = await site.world.createUser({ access: [{ locationId: main.id, role: "admin" }] });
    const mainAdmin = site.world.client();
    await mainAdmin.login(user.email, user.password);
    const made = await mainAdmin.call((api) =>
      api.webhooks.create({
        url: "https://93.184.215.14/main",
        events: ["visit.signed_in"],
        locationIds: [east.id],
        locationId: main.id,
      }),
    );
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ locationId: main.id, locationIds: [main.id] });
    const network = await addEndpoint("https://93.184.215.15/all", { events: ["visit.signed_in"] });
    const listed = async (client: Client) =>
      ((await client.call((api) => api.webhooks.list())).json as Array<{ id: number }>).map(
        (w) => w.id,
      );
    expect(await listed(mainAdmin)).toEqual([made.json.id]);
    expect(await listed(site.admin)).toEqual([made.json.id, network.id]);
    expect(
      (await mainAdmin.call((api) => api.webhooks.update({ id: network.id, enabled: false })))
        .status,
    ).toBe(403);
    expect((await mainAdmin.call((api) => api.webhooks.test({ id: network.id }))).status).toBe(403);

    const eastUser = await site.world.createUser({
      access: [{ locationId: east.id, role: "admin" }],
    });
    const eastAdmin = site.world.client();
    await eastAdmin.login(eastUser.email, eastUser.password);
    expect(await listed(eastAdmin)).toEqual([]);
    expect(
      (await eastAdmin.call((api) => api.webhooks.deliveries({ id: made.json.id, page: 1 })))
        .status,
    ).toBe(404);
    expect((await eastAdmin.call((api) => api.webhooks.remove({ id: made.json.id }))).status).toBe(
      404,
    );

    // A script naming every location on its row: still that location's visits alone.
    const db = site.world.services.db.kysely;
    await db.updateTable("webhook_endpoints").set({ location_ids: "[]" }).execute();
    await site.admin.call((api) => api.visits.create(visitor(east.id, jobs.id)));
    await fanOutEvents(db);
    const deliveries = await db.selectFrom("webhook_deliveries").select("endpoint_id").execute();
    expect(deliveries).toEqual([{ endpoint_id: network.id }]);
  });
});

describe("delivery", () => {
  it("signs each event as Standard Webhooks (the reference package verifies it), without personal details unless asked", async () => {
    const plain = await receiver();
    const personal = await receiver();
    const { secret } = await addEndpoint(plain.url);
    await addEndpoint(personal.url, { includePersonalDetails: true });
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    const visit = await signIn(tablet, {
      FirstName: "Ada",
      LastName: "Lovelace",
      PhoneNumber: "415-555-0123",
    });

    expect((await deliver()).attempted).toBe(2);
    expect(plain.received).toHaveLength(1);
    const [request] = plain.received;
    const verified = new Webhook(secret).verify(request!.body, {
      "webhook-id": String(request!.headers["webhook-id"]),
      "webhook-timestamp": String(request!.headers["webhook-timestamp"]),
      "webhook-signature": String(request!.headers["webhook-signature"]),
    });
    expect(verified).toEqual({
      type: "visit.signed_in",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      data: {
        visitId: visit.id,
        location: { id: site.catalog.main.id, name: "Main Street" },
        program: { id: site.catalog.tutoring.id, name: "Tutoring" },
        firstName: "Ada",
        lastInitial: "L",
        timeIn: expect.any(String),
        timeOut: null,
        signedOutBy: null,
        signedInFrom: "tablet",
        partySize: 1,
        householdId: null,
      },
    });
    // A signature made with another secret is refused by the same package.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(request!.body, {
        "webhook-id": String(request!.headers["webhook-id"]),
        "webhook-timestamp": String(request!.headers["webhook-timestamp"]),
        "webhook-signature": String(request!.headers["webhook-signature"]),
      }),
    ).toThrow();
    expect(bodies(personal.received)[0]!.data).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      lastInitial: "L",
      phoneNumber: "4155550123",
      temperature: "98.6",
    });
    // Both endpoints got the one event: the same webhook-id.
    expect(personal.received[0]!.headers["webhook-id"]).toBe(request!.headers["webhook-id"]);
  });

  it("keeps of a visit's answers their values alone, and sends them only where personal details are asked", async () => {
    const created = await site.admin.call((api) =>
      api.questions.create({
        Label: { en: "ZIP code", es: "Código postal" },
        Kind: "zip",
        ProgramIds: [site.catalog.tutoring.id],
      } as never),
    );
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const zip = String((created.json as { id: number }).id);
    try {
      const plain = await receiver();
      const personal = await receiver();
      await addEndpoint(plain.url);
      await addEndpoint(personal.url, { includePersonalDetails: true });
      const tablet = await tabletClient(site.world, site.catalog.main.id);
      const visit = await signIn(tablet, { Answers: { [zip]: "94110" } });

      // The visit keeps the question's words with its answer; its event, the value alone.
      const event = await site.world.services.db.kysely
        .selectFrom("webhook_events")
        .select("data")
        .where("visit_id", "=", visit.id)
        .executeTakeFirstOrThrow();
      expect(event.data.answers).toEqual({ [zip]: "94110" });
      expect((await deliver()).attempted).toBe(2);
      expect(bodies(personal.received)[0]!.data.answers).toEqual({ [zip]: "94110" });
      expect(bodies(plain.received)[0]!.data).not.toHaveProperty("answers");
    } finally {
      await site.world.services.db.kysely
        .updateTable("questions")
        .set({ retired_at: new Date() })
        .where("id", "=", Number(zip))
        .execute();
    }
  });

  it("sends every writer's change as its event: sign-in, sign-out, correction, automatic sign-out, deletion, forgetting", async () => {
    const hooks = await receiver();
    await addEndpoint(hooks.url);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    const first = await signIn(tablet);
    await tablet.call((api) => api.visits.signOut({ id: first.id }));
    await site.admin.call((api) => api.visits.update({ id: first.id, FirstName: "Gracie" }));
    await site.admin.call((api) => api.visits.remove({ id: first.id }));
    const second = await signIn(tablet, { PhoneNumber: "415-555-0177" });
    const forgot = await site.admin.call((api) =>
      api.visitors.forget({ phoneNumber: "415-555-0177" }),
    );
    expect(forgot.json).toEqual({ erased: 1 });
    await site.world.services.db.kysely
      .updateTable("locations")
      .set({ max_stay_minutes: 1 })
      .where("id", "=", site.catalog.main.id)
      .execute();
    const third = await signIn(tablet);
    await autoSignOut(site.world.services.db.kysely, new Date(Date.now() + 2 * MINUTE));
    await site.world.services.db.kysely
      .updateTable("locations")
      .set({ max_stay_minutes: null })
      .where("id", "=", site.catalog.main.id)
      .execute();

    await deliver(new Date(Date.now() + 3 * MINUTE));
    // Earlier tests' visits still open were signed out too: only this test's are looked at.
    const mine = new Set([first.id, second.id, third.id]);
    const events = bodies(hooks.received)
      .map((b) => [b.type, b.data.visitId])
      .filter(([, visitId]) => mine.has(visitId));
    expect(events).toEqual(
      expect.arrayContaining([
        ["visit.signed_in", first.id],
        ["visit.signed_out", first.id],
        ["visit.updated", first.id],
        ["visit.deleted", first.id],
        ["visit.signed_in", second.id],
        ["visit.deleted", second.id],
        ["visit.signed_in", third.id],
        ["visit.signed_out", third.id],
      ]),
    );
    expect(events).toHaveLength(8);
    // Sent after the visit was deleted: its earlier events name nobody either.
    const deletedSignIn = bodies(hooks.received).find(
      (b) => b.type === "visit.signed_in" && b.data.visitId === first.id,
    )!;
    expect(deletedSignIn.data).not.toHaveProperty("firstName");
    // A forgotten visitor's event names nobody.
    const forgotten = bodies(hooks.received).find(
      (b) => b.type === "visit.deleted" && b.data.visitId === second.id,
    )!;
    expect(forgotten.data).not.toHaveProperty("firstName");
  });

  it("sends a visitor's sign-in at the door and their sign-out from their own phone as events from a phone", async () => {
    const hooks = await receiver();
    await addEndpoint(hooks.url);
    const opened = await site.admin.call((api) =>
      api.locations.update({ id: site.catalog.main.id, SelfSignIn: true }),
    );
    expect(opened.status).toBe(200);
    const door = await site.admin.call((api) => api.door.newCode({ id: site.catalog.main.id }));
    expect(door.status).toBe(201);
    const phone = site.world.client("10.9.0.1");
    const { LocationId: _, ...fields } = visitor(0, site.catalog.tutoring.id, {
      PhoneNumber: "415-555-0188",
    });
    const signedIn = await phone.call((api) =>
      api.door.signIn({ code: door.json.code, ...fields }),
    );
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(201);
    const out = await phone.call((api) =>
      api.door.signOut({ visitToken: signedIn.json.visitToken }),
    );
    expect(out.status).toBe(200);

    await deliver();
    // A phone is never shown its visit's id: the receiver gets the one staff see.
    const { id } = await site.world.services.db.kysely
      .selectFrom("visits")
      .select("id")
      .where("phone_number", "=", "4155550188")
      .executeTakeFirstOrThrow();
    // Deliveries go out side by side: a receiver orders them by their timestamps.
    const events = bodies(hooks.received).map((b) => [b.type, b.data.visitId, b.data.signedInFrom]);
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        ["visit.signed_in", id, "phone"],
        ["visit.signed_out", id, "phone"],
      ]),
    );
  });

  it("retries a receiver answering 500 twice then 200 with the same webhook-id, and lists all three attempts", async () => {
    const hooks = await receiver([{ status: 500, body: "down" }, { status: 500 }, { status: 200 }]);
    const { id } = await addEndpoint(hooks.url);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    await signIn(tablet);
    const start = Date.now();

    await deliver(new Date(start));
    // Not due yet: nothing is sent before the back-off's first step.
    expect((await deliver(new Date(start + 10_000))).attempted).toBe(0);
    // The first retry comes within a minute, the second after a longer wait.
    await deliver(new Date(start + 60_000));
    expect((await deliver(new Date(start + 90_000))).attempted).toBe(0);
    await deliver(new Date(start + 3 * MINUTE));

    expect(hooks.received).toHaveLength(3);
    const ids = new Set(hooks.received.map((r) => r.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    expect(new Set(hooks.received.map((r) => r.body)).size).toBe(1);
    const deliveries = await site.admin.call((api) => api.webhooks.deliveries({ id, page: 1 }));
    expect(deliveries.headers["X-Total-Count"]).toBe("3");
    expect(
      deliveries.json.map((d: any) => [d.eventId, d.type, d.attempt, d.status, d.response]),
    ).toEqual([
      [[...ids][0], "visit.signed_in", 3, 200, "ok"],
      [[...ids][0], "visit.signed_in", 2, 500, "ok"],
      [[...ids][0], "visit.signed_in", 1, 500, "down"],
    ]);
    expect((await deliver(new Date(start + DAY))).attempted).toBe(0);
  });

  it("sends again, with the same webhook-id, a delivery whose sender died mid-send, once its claim runs out", async () => {
    const hooks = await receiver();
    const { id } = await addEndpoint(hooks.url);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    await signIn(tablet);
    await fanOutEvents(site.world.services.db.kysely);
    const start = Date.now();
    // As a sender leaves it when killed after claiming it: attempt 1 counted, claimed for a while.
    await site.world.services.db.kysely
      .updateTable("webhook_deliveries")
      .set({ attempts: 1, locked_until: new Date(start + claimLeaseMs) })
      .where("endpoint_id", "=", id)
      .execute();
    expect((await deliver(new Date(start))).attempted).toBe(0);
    expect((await deliver(new Date(start + claimLeaseMs))).attempted).toBe(1);
    expect(hooks.received).toHaveLength(1);
    const event = await site.world.services.db.kysely
      .selectFrom("webhook_events")
      .select("message_id")
      .executeTakeFirstOrThrow();
    expect(hooks.received[0]!.headers["webhook-id"]).toBe(event.message_id);
    const [attempt] = (await site.admin.call((api) => api.webhooks.deliveries({ id, page: 1 })))
      .json;
    expect(attempt).toMatchObject({ attempt: 2, status: 200 });
  });

  it("keeps sending to a healthy endpoint while a hung one holds its share of the sends", async () => {
    const hung = await receiver([{ hold: true }]);
    const healthy = await receiver();
    await addEndpoint(hung.url, { events: ["visit.signed_in"] });
    await addEndpoint(healthy.url, { events: ["visit.signed_in"] });
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    // The server's limits, made small: the same rule, reached with fewer sign-ins.
    const limits = { inFlight: 20, perEndpoint: 6, perClaim: 3 };
    const events = limits.perEndpoint + 4;
    for (let i = 0; i < events; i++) await signIn(tablet);
    await fanOutEvents(site.world.services.db.kysely);
    const run = deliverBesideHung(site.world.services.db.kysely, limits, [hung]);
    while (healthy.received.length < events)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // Every event reached the healthy one while the hung one holds no more than its share.
    expect(hung.received.length).toBeLessThanOrEqual(limits.perEndpoint);
    expect(new Set(healthy.received.map((r) => r.headers["webhook-id"])).size).toBe(events);
    // Closing the hung receiver ends its sends: failures, to be retried.
    await hung.close();
    await run;
    const states = await site.world.services.db.kysely
      .selectFrom("webhook_deliveries")
      .select(["state", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("state")
      .orderBy("state")
      .execute();
    expect(states.map((r) => [r.state, Number(r.n)])).toEqual([
      ["delivered", events],
      ["pending", events],
    ]);
  });

  it("claims again at once when sends finish while it is claiming, rather than waiting on a hung one", async () => {
    const { kysely } = site.world.services.db;
    const hung = await receiver([{ hold: true }]);
    // Answers only when the test says: it decides when each send finishes.
    const healthy = await receiver([{ hold: true }]);
    await addEndpoint(hung.url, { events: ["visit.signed_in"] });
    await addEndpoint(healthy.url, { events: ["visit.signed_in"] });
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    // One claim fills an endpoint's share: with a send in flight it is not claimed from.
    const limits = { inFlight: 20, perEndpoint: 3, perClaim: 3 };
    const events = 6;
    for (let i = 0; i < events; i++) await signIn(tablet);
    await fanOutEvents(kysely);
    // The same database, with a claim's answer held back when the test asks: the claim (the
    // sender's one query with common table expressions) is then under way as long as it likes.
    const claims = new Set<unknown>();
    let holdNextClaim: { reached: () => void; go: Promise<void> } | undefined;
    const paused = kysely.withPlugin({
      transformQuery: ({ node, queryId }) => {
        if (node.kind === "SelectQueryNode" && node.with) claims.add(queryId);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        const hold = claims.delete(queryId) ? holdNextClaim : undefined;
        if (hold) {
          holdNextClaim = undefined;
          hold.reached();
          await hold.go;
        }
        return result;
      },
    });
    // Awaited when the test ends (deliverBesideHung).
    void deliverBesideHung(paused, limits, [hung, healthy]);
    await vi.waitFor(() => expect([hung.held, healthy.held]).toEqual([3, 3]));

    let go!: () => void;
    const reached = new Promise<void>((resolve) => {
      holdNextClaim = { reached: resolve, go: new Promise<void>((open) => (go = open)) };
    });
    // One send ends: the next claim leaves both endpoints out as full, and is held.
    healthy.release(1);
    await reached;
    // The healthy endpoint's other sends end while that claim is under way.
    healthy.release();
    await vi.waitFor(() => expect(healthy.closedConnections).toBe(3));
    go();

    // Its three other events go out though the hung endpoint's sends never end.
    await vi.waitFor(() => expect(healthy.held).toBe(3), { timeout: 10_000 });
    healthy.release();
    await vi.waitFor(() => expect(healthy.closedConnections).toBe(events));
    expect(new Set(healthy.received.map((r) => r.headers["webhook-id"])).size).toBe(events);
    expect(hung.received).toHaveLength(limits.perEndpoint);
  });

  it("leaves a failing endpoint alone for a while: events arriving meanwhile wait, then go with the retries", async () => {
    const hooks = await receiver([{ status: 503 }, { status: 503 }, { status: 200 }]);
    await addEndpoint(hooks.url, { events: ["visit.signed_in"] });
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    await signIn(tablet);
    await signIn(tablet);
    const start = Date.now();
    expect((await deliver(new Date(start))).attempted).toBe(2);
    // A sign-in during the pause is not tried against the failing receiver.
    await signIn(tablet);
    const pausing = await deliver(new Date(start + 1000));
    expect(pausing.attempted).toBe(0);
    expect(pausing.nextDueAt!.getTime()).toBeGreaterThanOrEqual(start + endpointPauseMs);
    // After it: the new one and the two retries, all delivered.
    expect((await deliver(new Date(start + endpointPauseMs + 1000))).attempted).toBe(3);
    expect(hooks.received).toHaveLength(5);
    expect(new Set(hooks.received.map((r) => r.headers["webhook-id"])).size).toBe(3);
  });

  it("writes one event row per sign-in however many endpoints want it; the fan-out writes their deliveries after the commit", async () => {
    const db = site.world.services.db.kysely;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await addEndpoint(`https://93.184.215.${14 + i}/hooks`)).id);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    const visit = await signIn(tablet);
    const events = () =>
      db
        .selectFrom("webhook_events as ev")
        .leftJoin("webhook_fan_outs as q", "q.event_id", "ev.id")
        .select((eb) => ["ev.visit_id", eb("q.event_id", "is not", null).as("waiting")])
        .execute();
    const deliveries = () =>
      db.selectFrom("webhook_deliveries").select("endpoint_id").orderBy("endpoint_id").execute();
    expect(await events()).toEqual([{ visit_id: visit.id, waiting: true }]);
    expect(await deliveries()).toEqual([]);

    // A fan-out that fails midway (its transaction rolled back) leaves the event waiting.
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await fanOutEvents(trx)).toBe(1);
        throw new Error("killed midway");
      }),
    ).rejects.toThrow("killed midway");
    expect(await events()).toEqual([{ visit_id: visit.id, waiting: true }]);

    expect(await fanOutEvents(db)).toBe(1);
    expect(await events()).toEqual([{ visit_id: visit.id, waiting: false }]);
    expect(await deliveries()).toEqual(ids.map((id) => ({ endpoint_id: id })));
    // Each event is fanned out once.
    expect(await fanOutEvents(db)).toBe(0);
    expect(await deliveries()).toHaveLength(3);
  });

  it("writes nothing for readers that do not exist: a change no enabled endpoint and no active subscriber wants leaves no event", async () => {
    const { main, east, tutoring, pantry } = site.catalog;
    const db = site.world.services.db.kysely;
    // A paused endpoint, one for another location, a subscriber to another program, a deactivated one.
    const paused = await addEndpoint("https://93.184.215.14/hooks");
    await site.admin.call((api) => api.webhooks.update({ id: paused.id, enabled: false }));
    await addEndpoint("https://93.184.215.15/hooks", { locationIds: [east.id] });
    const subscribe = async (programId: number) => {
      const user = await site.world.createUser();
      const client = site.world.client();
      await client.login(user.email, user.password);
      const res = await client.call((api) =>
        api.notifications.update({
          signIns: [{ locationId: main.id, programId }],
          dailySummary: false,
        }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return user;
    };
    const deactivate = (id: number) =>
      site.admin.call((api) => api.users.update({ id, isActive: false }));
    const other = await subscribe(pantry.id);
    // Later tests' sign-ins are no business of this one's subscriber.
    onTestFinished(async () => {
      await deactivate(other.id);
    });
    await deactivate((await subscribe(tutoring.id)).id);

    const tablet = await tabletClient(site.world, main.id);
    const visits: Array<{ id: number }> = [];
    for (const phone of ["415-555-0161", "415-555-0162", "415-555-0163"])
      visits.push(await signIn(tablet, { PhoneNumber: phone }));
    const out = await tablet.call((api) => api.visits.signOut({ id: visits[0]!.id }));
    expect(out.status).toBe(200);
    const edit = await site.admin.call((api) =>
      api.visits.update({ id: visits[1]!.id, FirstName: "Gracie" }),
    );
    expect(edit.status).toBe(200);

    for (const table of ["webhook_events", "webhook_fan_outs", "staff_alerts"] as const)
      expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
  });

  it("sends nothing for a change rolled back", async () => {
    const hooks = await receiver();
    await addEndpoint(hooks.url);
    const db = site.world.services.db.kysely;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto("visits")
          .values({
            first_name: "Rolled",
            last_name: "Back",
            phone_number: "4155550199",
            temperature: "98.6",
            location_id: site.catalog.main.id,
            program_id: site.catalog.tutoring.id,
          })
          .execute();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // A sign-in refused (a program the location does not offer) writes no event either.
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    const refused = await tablet.call((api) =>
      api.visits.create(visitor(site.catalog.main.id, site.catalog.jobs.id)),
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect((await deliver()).attempted).toBe(0);
    expect(hooks.received).toEqual([]);
    const events = await db.selectFrom("webhook_events").select("id").execute();
    expect(events).toEqual([]);
  });

  it("sends a test event on request, seen in the endpoint's deliveries", async () => {
    const hooks = await receiver();
    const { id } = await addEndpoint(hooks.url);
    const queued = await site.admin.call((api) => api.webhooks.test({ id }));
    expect(queued.status).toBe(202);
    await deliver();
    expect(bodies(hooks.received)).toEqual([
      { type: "webhook.test", timestamp: expect.any(String), data: expect.any(Object) },
    ]);
    const deliveries = await site.admin.call((api) => api.webhooks.deliveries({ id, page: 1 }));
    expect(deliveries.json).toEqual([
      {
        id: expect.any(Number),
        eventId: queued.json.eventId,
        type: "webhook.test",
        attempt: 1,
        at: expect.any(String),
        status: 200,
        durationMs: expect.any(Number),
        response: "ok",
      },
    ]);
  });

  it("pauses an endpoint failing for 3 days in a row, and gives an event up after 24 hours", async () => {
    const hooks = await receiver([{ status: 503 }]);
    const { id } = await addEndpoint(hooks.url);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    await signIn(tablet);
    const start = Date.now();
    await deliver(new Date(start));
    let [endpoint] = (await site.admin.call((api) => api.webhooks.list())).json;
    expect(endpoint).toMatchObject({ enabled: true, pausedForFailuresAt: null });
    expect(endpoint.failingSince).not.toBeNull();

    await deliver(new Date(start + 3 * DAY + MINUTE));
    [endpoint] = (await site.admin.call((api) => api.webhooks.list())).json;
    expect(endpoint).toMatchObject({ id, enabled: false });
    expect(endpoint.pausedForFailuresAt).not.toBeNull();
    const state = await site.world.services.db.kysely
      .selectFrom("webhook_deliveries")
      .select("state")
      .where("endpoint_id", "=", id)
      .execute();
    expect(state).toEqual([{ state: "failed" }]);
    // Paused: a new sign-in is not queued for it.
    await signIn(tablet);
    expect((await deliver(new Date(start + 4 * DAY))).attempted).toBe(0);
    // Resumed: its failures are forgotten.
    const resumed = await site.admin.call((api) => api.webhooks.update({ id, enabled: true }));
    expect(resumed.json).toMatchObject({
      enabled: true,
      failingSince: null,
      pausedForFailuresAt: null,
    });
  });
});

describe("private destinations", () => {
  it("refuses loopback, private, link-local and metadata addresses at creation, a name resolving to 127.0.0.1 included", async () => {
    site.world.services.config.webhooksAllowPrivateNetworks = false;
    for (const url of [
      "https://localhost/hooks",
      "https://127.0.0.1/hooks",
      "https://[::1]/hooks",
      "https://[::ffff:127.0.0.1]/hooks",
      "https://10.1.2.3/hooks",
      "https://192.168.0.10/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://[fd00:ec2::254]/",
      "http://93.184.215.14/hooks",
    ]) {
      const res = await site.admin.call((api) =>
        api.webhooks.create({
          url,
          events: ["visit.signed_in"],
          locationIds: [],
          includePersonalDetails: false,
          enabled: true,
        }),
      );
      expect(res.status, url).toBe(422);
      expect(res.json.errors[0].path).toBe("url");
    }
    const admin = await adminClient(site.world);
    expect((await admin.call((api) => api.webhooks.list())).json).toEqual([]);
  });

  it("refuses every IPv6 spelling of an address that embeds a private IPv4 one, and keeps those embedding a public one", async () => {
    site.world.services.config.webhooksAllowPrivateNetworks = false;
    const create = (url: string) =>
      site.admin.call((api) =>
        api.webhooks.create({
          url,
          events: ["visit.signed_in"],
          locationIds: [],
          includePersonalDetails: false,
          enabled: true,
        }),
      );
    for (const url of [
      // IPv4-compatible (::/96), as written and as the URL parser writes it back (::7f00:1).
      "https://[::127.0.0.1]/hooks",
      "https://[::7f00:1]/hooks",
      "https://[::10.1.2.3]/hooks",
      // IPv4-mapped (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96).
      "https://[::ffff:7f00:1]/hooks",
      "https://[::ffff:0:127.0.0.1]/hooks",
      "https://[0:0:0:0:ffff:0:a9fe:a9fe]/latest/meta-data",
      // NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
      "https://[64:ff9b::192.168.0.10]/hooks",
      "https://[2002:7f00:1::]/hooks",
      "https://[2002:a9fe:a9fe::1]/latest/meta-data",
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(422);
      expect(res.json.errors[0].path, url).toBe("url");
    }
    // The same forms around a public address (93.184.215.14) are that address's.
    for (const url of ["https://[64:ff9b::5db8:d70e]/hooks", "https://[2002:5db8:d70e::1]/hooks"])
      expect((await create(url)).status, url).toBe(201);
  });

  it("refuses them again at delivery (DNS may change): nothing reaches a receiver on 127.0.0.1", async () => {
    const hooks = await receiver();
    const { id } = await addEndpoint(`http://localhost:${hooks.port}/hooks`);
    site.world.services.config.webhooksAllowPrivateNetworks = false;
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    await signIn(tablet);
    expect((await deliver()).attempted).toBe(1);
    expect(hooks.received).toEqual([]);
    const [attempt] = (await site.admin.call((api) => api.webhooks.deliveries({ id, page: 1 })))
      .json;
    expect(attempt).toMatchObject({ status: null, response: expect.stringMatching(/^Refused: /) });
  });

  it("follows no redirect, to a local address or any other", async () => {
    const target = await receiver();
    const redirecting = await receiver([{ status: 302, location: target.url }]);
    const { id } = await addEndpoint(redirecting.url);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    await signIn(tablet);
    await deliver();
    expect(redirecting.received).toHaveLength(1);
    expect(target.received).toEqual([]);
    const [attempt] = (await site.admin.call((api) => api.webhooks.deliveries({ id, page: 1 })))
      .json;
    expect(attempt.status).toBe(302);
  });
});
