import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateToken } from "@vsi/api";
import { createDb } from "@vsi/db";
import { createTestDatabase } from "@vsi/test-utils";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  adminClient,
  createCatalog,
  newestTabletId,
  staffClient,
  tabletClient,
  useCatalogServer,
  visitor,
} from "./fixtures.ts";
import { startTestServer, type Client, type TestServer } from "./harness.ts";
import { spawnServer, type ServerProcess } from "./processes.ts";
import { siteRows } from "./site-rows.ts";
import { cookieHeader, openEvents } from "./sse.ts";

/** Serves the test server on a real port (streams need a socket); returns its base URL. */
async function listen(server: TestServer) {
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

/** The location's stream as this client (its cookies or its bearer token). */
const watch = (base: string, client: Client, locationId: number) =>
  openEvents(`${base}/api/locations/${locationId}/events`, {
    cookie: cookieHeader(client.jar),
    ...(client.bearer ? { authorization: `Bearer ${client.bearer}` } : {}),
  });

describe("the live stream, one server process", () => {
  const world = useCatalogServer();
  let base: string;
  beforeAll(async () => {
    base = await listen(world.server);
  });

  it("brings the location's tablet each sign-in, sign-out, correction and deletion as the visit now, and nothing of other locations", async () => {
    const { main, east, tutoring, jobs } = world.catalog;
    const tablet = await tabletClient(world.server, main.id);
    const stream = await watch(base, tablet, main.id);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(stream.headers["cache-control"]).toBe("no-store");
      expect((await stream.next("ready")).data).toEqual({ locationId: main.id, rollCallId: null });

      const signedIn = (
        await tablet.post("/api/visits", visitor(main.id, tutoring.id, { FirstName: "Ada" }))
      ).json;
      const inEvent = await stream.next("visit");
      expect(inEvent.data).toEqual({
        kind: "in",
        visitId: signedIn.id,
        locationId: main.id,
        programId: tutoring.id,
        visit: signedIn,
      });

      const corrected = (
        await world.admin.patch(`/api/visits/${signedIn.id}`, { FirstName: "Augusta" })
      ).json;
      // Staff's answer is the whole visit; the tablet sees it as its sheet does (the views: in
      // packages/api/src/visits/tablet-view.test.ts, on the stream in live-tablet-view.test.ts).
      expect((await stream.next("visit")).data).toMatchObject({
        kind: "changed",
        visit: {
          ...corrected,
          LastName: corrected.LastName.charAt(0),
          PhoneNumber: `xxxxxx${corrected.PhoneNumber.slice(-4)}`,
        },
      });

      const signedOut = (await tablet.patch(`/api/visits/${signedIn.id}/sign-out`)).json;
      expect((await stream.next("visit")).data).toMatchObject({
        kind: "out",
        visitId: signedIn.id,
        visit: { TimeOut: signedOut.TimeOut },
      });

      expect((await world.admin.delete(`/api/visits/${signedIn.id}`)).status).toBe(200);
      expect((await stream.next("visit")).data).toEqual({
        kind: "deleted",
        visitId: signedIn.id,
        locationId: main.id,
        programId: tutoring.id,
        visit: null,
      });

      // Another location's sign-in is not this tablet's business.
      const elsewhere = await tabletClient(world.server, east.id);
      expect((await elsewhere.post("/api/visits", visitor(east.id, jobs.id))).status).toBe(201);
      await tablet.post("/api/visits", visitor(main.id, tutoring.id, { FirstName: "Marker" }));
      expect((await stream.next("visit")).data.visit.FirstName).toBe("Marker");
      expect(stream.events).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it("brings the tablet a sign-in and sign-out made on a visitor's own phone at the door", async () => {
    const { east, jobs } = world.catalog;
    expect(
      (await world.admin.patch(`/api/locations/${east.id}`, { SelfSignIn: true })).status,
    ).toBe(200);
    const { code } = (await world.admin.post(`/api/locations/${east.id}/door-code`)).json;
    const tablet = await tabletClient(world.server, east.id);
    const stream = await watch(base, tablet, east.id);
    try {
      await stream.next("ready");
      const phone = world.server.client();
      const { LocationId: _, ...fields } = visitor(east.id, jobs.id, { FirstName: "Pia" });
      const signedIn = await phone.post(`/api/door/${code}/visits`, fields);
      expect(signedIn.status).toBe(201);
      // The door shows a phone no visit id; the tablet gets the one staff see.
      const signedInEvent = (await stream.next("visit")).data;
      expect(signedInEvent).toMatchObject({
        kind: "in",
        visit: { FirstName: "Pia", SignedInFrom: "phone" },
      });
      expect(signedInEvent.visitId).toBeGreaterThan(0);
      const out = await phone.patch(`/api/door/visits/${signedIn.json.visitToken}/sign-out`);
      expect(out.status).toBe(200);
      expect((await stream.next("visit")).data).toMatchObject({
        kind: "out",
        visitId: signedInEvent.visitId,
        visit: { SignedOutBy: "visitor" },
      });
    } finally {
      stream.close();
    }
  });

  it("tells a location's tablet and staff when a roll call starts, is marked and ends, naming no one", async () => {
    const { tutoring } = world.catalog;
    const location = await world.admin.post("/api/locations", {
      Name: "Live Roll Call",
      ProgramIds: [tutoring.id],
    });
    const here = location.json.id as number;
    const staff = await staffClient(world.server);
    expect(
      (await staff.post("/api/visits", visitor(here, tutoring.id, { FirstName: "Rolla" }))).status,
    ).toBe(201);
    const tablet = await tabletClient(world.server, here);
    const tabletStream = await watch(base, tablet, here);
    const staffStream = await watch(base, staff, here);
    try {
      await tabletStream.next("ready");
      await staffStream.next("ready");
      const started = await staff.post(`/api/locations/${here}/roll-calls`, { drill: true });
      expect(started.status).toBe(201);
      const opened = { locationId: here, rollCallId: started.json.id, open: true };
      expect((await tabletStream.next("rollCall")).data).toEqual(opened);
      expect((await staffStream.next("rollCall")).data).toEqual(opened);

      // A stream opened now hears which one is open.
      const late = await watch(base, tablet, here);
      try {
        expect((await late.next("ready")).data).toEqual({
          locationId: here,
          rollCallId: started.json.id,
        });
      } finally {
        late.close();
      }

      const person = started.json.people[0].id as number;
      const marked = await staff.patch(`/api/roll-calls/${started.json.id}/people/${person}`, {
        safe: true,
      });
      expect(marked.status).toBe(200);
      const change = await staffStream.next("rollCall");
      expect(change.data).toEqual(opened);
      expect(JSON.stringify(change.data)).not.toContain("Rolla");
      expect((await tabletStream.next("rollCall")).data).toEqual(opened);

      expect((await staff.post(`/api/roll-calls/${started.json.id}/end`)).status).toBe(200);
      expect((await tabletStream.next("rollCall")).data).toEqual({ ...opened, open: false });
    } finally {
      tabletStream.close();
      staffStream.close();
    }
  });

  it("is open to a tablet for its own location and to staff for any; refused to others like the sheet's calls", async () => {
    const { main, east } = world.catalog;
    const tablet = await tabletClient(world.server, main.id);
    const staff = await staffClient(world.server);
    const statuses: Record<string, number> = {};
    const cases: Array<[string, Client, number | string]> = [
      ["tablet, own location", tablet, main.id],
      ["tablet, other location", tablet, east.id],
      ["staff, other location", staff, east.id],
      ["admin", world.admin, main.id],
      ["anonymous", world.server.client(), main.id],
      ["staff, unknown location", staff, 999_999],
      ["staff, id not a number", staff, "0x1"],
    ];
    for (const [label, client, id] of cases) {
      const stream = await openEvents(`${base}/api/locations/${id}/events`, {
        cookie: cookieHeader(client.jar),
      });
      statuses[label] = stream.status;
      stream.close();
    }
    expect(statuses).toEqual({
      "tablet, own location": 200,
      "tablet, other location": 403,
      "staff, other location": 200,
      admin: 200,
      anonymous: 401,
      "staff, unknown location": 404,
      "staff, id not a number": 422,
    });
  });

  it("ends a tablet's stream at once when staff disconnect it, saying so", async () => {
    const { main } = world.catalog;
    const tablet = await tabletClient(world.server, main.id);
    const tabletId = await newestTabletId(world.server);
    const stream = await watch(base, tablet, main.id);
    const staffStream = await watch(base, world.admin, main.id);
    try {
      await stream.next("ready");
      await staffStream.next("ready");
      expect((await world.admin.delete(`/api/tablets/${tabletId}`)).status).toBe(200);
      expect((await stream.next("closed")).data).toEqual({
        status: 401,
        message: "This tablet was disconnected",
        key: "tabletDisconnected",
        values: {},
      });
      await stream.ended;
      // Staff watching the same location stay connected.
      await world.admin.post("/api/visits", visitor(main.id, world.catalog.pantry.id));
      expect((await staffStream.next("visit")).data.kind).toBe("in");
    } finally {
      stream.close();
      staffStream.close();
    }
  });
});

describe("the live stream and the staff member behind it", () => {
  const world = useCatalogServer();
  let base: string;
  beforeAll(async () => {
    base = await listen(world.server);
  });

  it("ends a staff member's stream as soon as they log out, not at the next minute's check", async () => {
    const staff = await staffClient(world.server);
    const stream = await watch(base, staff, world.catalog.main.id);
    try {
      await stream.next("ready");
      expect((await staff.get("/api/auth/logout")).status).toBe(204);
      expect((await stream.next("closed")).data).toMatchObject({ status: 401 });
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it("ends a staff member's stream as soon as an admin deactivates them, and a bearer token's when it is revoked", async () => {
    const user = await world.server.createUser();
    const staff = world.server.client();
    await staff.login(user.email, user.password);
    const token = (await staff.post("/api/tokens", { name: "script" })).json as {
      id: number;
      token: string;
    };
    const script = world.server.client();
    script.bearer = token.token;
    const scriptStream = await watch(base, script, world.catalog.main.id);
    const stream = await watch(base, staff, world.catalog.main.id);
    try {
      await scriptStream.next("ready");
      await stream.next("ready");
      expect((await staff.delete(`/api/tokens/${token.id}`)).status).toBeLessThan(300);
      expect((await scriptStream.next("closed")).data).toMatchObject({ status: 401 });
      expect((await world.admin.patch(`/api/users/${user.id}`, { isActive: false })).status).toBe(
        200,
      );
      expect((await stream.next("closed")).data).toMatchObject({ status: 401 });
      await stream.ended;
    } finally {
      stream.close();
      scriptStream.close();
    }
  });
});

describe("the live stream on the embedded database (npm start)", () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ embeddedOnDisk: true });
    base = await listen(server);
  }, 60_000);
  afterAll(() => server?.close());

  it("brings a sign-in to the tablet, and ends its streams when the server shuts down", async () => {
    const admin = await adminClient(server);
    const { main, pantry } = await createCatalog(admin);
    const tablet = await tabletClient(server, main.id);
    const stream = await watch(base, tablet, main.id);
    await stream.next("ready");
    const visit = (await tablet.post("/api/visits", visitor(main.id, pantry.id))).json;
    expect((await stream.next("visit")).data).toMatchObject({
      kind: "in",
      visitId: visit.id,
      visit,
    });
    await server.app.close();
    await stream.ended;
  }, 60_000);
});

describe("two server processes on one PostgreSQL database", () => {
  it("a sign-in through one reaches a tablet's stream on the other", async (ctx) => {
    // A copy of the run's migrated database: the start-up's migrations are not what is tested.
    const database = await createTestDatabase({ template: inject("pgTemplate") || undefined });
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url, poolSize: 2 });
    const servers: ServerProcess[] = [];
    const dataDirs: string[] = [];
    try {
      const tablets = [generateToken(), generateToken()];
      const { locationId, programId } = await siteRows(db, tablets);

      for (let i = 0; i < 2; i++) {
        dataDirs.push(mkdtempSync(path.join(tmpdir(), "vsi-live-")));
        servers.push(spawnServer({ DATABASE_URL: database.url, DATA_DIR: dataDirs[i]! }));
      }
      await Promise.all(servers.map((s) => s.started));
      const [one, two] = servers.map((s) => `http://127.0.0.1:${s.port()}`) as [string, string];

      const stream = await openEvents(`${two}/api/locations/${locationId}/events`, {
        cookie: `sheet-token=${tablets[1]}`,
      });
      try {
        await stream.next("ready");
        const sent = Date.now();
        const res = await fetch(`${one}/api/visits`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            cookie: `sheet-token=${tablets[0]}; XSRF-TOKEN=x`,
            "x-xsrf-token": "x",
          },
          body: JSON.stringify(visitor(locationId, programId)),
        });
        expect(res.status).toBe(201);
        const visit = (await res.json()) as { id: number };
        const event = await stream.next("visit");
        expect(event.data).toMatchObject({ kind: "in", visitId: visit.id, visit });
        await ctx.annotate(
          `sign-in on one process to the stream on the other: ${event.at - sent} ms`,
        );
      } finally {
        stream.close();
      }
    } finally {
      for (const server of servers) server.child.kill("SIGTERM");
      await Promise.all(servers.map((s) => s.exited));
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await db.close();
      await database.drop();
    }
  }, 120_000);
});
