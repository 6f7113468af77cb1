import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { alertGroupingMs, generateToken } from "@vsi/api";
import { createDb, sql } from "@vsi/db";
import { defaultDatabaseKind, openTestDb } from "@vsi/db/testing";
import { createTestDatabase } from "@vsi/test-utils";
import { startReceiver } from "@vsi/test-utils/webhook-receiver";
import { afterAll, describe, expect, inject, it, onTestFinished, vi } from "vitest";
import { spawnServer } from "./processes.ts";
import { siteRows } from "./site-rows.ts";
import { eventFanOut, scheduledJobs, staffAlertSender, webhookSender } from "../src/jobs/index.ts";
import { wokenSender } from "../src/jobs/woken-sender.ts";
import { staffClient, tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

// The webhooks and staff alerts as the server sends them: the visit's event fanned out when the
// change feed announces its commit, then each outbox's sender woken by its rows; off the request
// path, and by the every-minute job. What a delivery or an alert does is tested in packages/api
// (webhooks/webhooks.test.ts, notifications/notifications.test.ts).

const world = useCatalogServer();
const quiet = { info: () => undefined, error: () => undefined };
const cleanups: Array<() => Promise<void>> = [];
afterAll(() => Promise.all(cleanups.map((cleanup) => cleanup())));

/** Resolves once the receiver holds `count` requests; the test's time-out ends a wait that never does. */
async function received(hooks: { received: unknown[] }, count: number) {
  while (hooks.received.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe("the webhook sender", () => {
  it("sends a sign-in as soon as it commits, and the job's tick sends what waited while it was stopped", async () => {
    world.server.services.config.webhooksAllowPrivateNetworks = true;
    const hooks = await startReceiver();
    const created = await world.admin.post("/api/webhooks", {
      url: hooks.url,
      events: ["visit.signed_in"],
    });
    expect(created.status).toBe(201);
    const tablet = await tabletClient(world.server, world.catalog.main.id);

    // Not started: a sign-in waits in the outbox, and the job's run sends it.
    const early = await tablet.post(
      "/api/visits",
      visitor(world.catalog.main.id, world.catalog.tutoring.id),
    );
    expect(early.status).toBe(201);
    const fanOut = eventFanOut(world.server.services, quiet);
    const sender = webhookSender(world.server.services, quiet);
    onTestFinished(async () => {
      await fanOut.stop();
      await sender.stop();
      await hooks.close();
    });
    const job = scheduledJobs(world.server.services, quiet, {
      fanOut,
      webhooks: sender,
      staffAlerts: staffAlertSender(world.server.services, quiet),
    }).find((j) => j.name === "webhooks");
    expect(job?.cron).toBe("* * * * *");
    await job!.run();
    expect(hooks.received).toHaveLength(1);

    // Started: the next sign-in is sent with nothing else asking.
    await fanOut.start();
    await sender.start();
    const next = await tablet.post(
      "/api/visits",
      visitor(world.catalog.main.id, world.catalog.tutoring.id),
    );
    expect(next.status).toBe(201);
    await received(hooks, 2);
    const visitIds = hooks.received.map(
      (r) => (JSON.parse(r.body) as { data: { visitId: number } }).data.visitId,
    );
    expect(visitIds).toEqual([(early.json as { id: number }).id, (next.json as { id: number }).id]);
  });

  it("sends a new sign-in to a healthy receiver when it commits, while a hung one holds an earlier send", async () => {
    world.server.services.config.webhooksAllowPrivateNetworks = true;
    const hung = await startReceiver([{ hold: true }]);
    const healthy = await startReceiver();
    const fanOut = eventFanOut(world.server.services, quiet);
    const sender = webhookSender(world.server.services, quiet);
    onTestFinished(async () => {
      // The hung send ends with its receiver; then the sender has nothing under way.
      await hung.close();
      await healthy.close();
      await fanOut.stop();
      await sender.stop();
    });
    const addEndpoint = async (url: string) =>
      expect(
        (await world.admin.post("/api/webhooks", { url, events: ["visit.signed_in"] })).status,
      ).toBe(201);
    await addEndpoint(hung.url);
    await fanOut.start();
    await sender.start();
    const tablet = await tabletClient(world.server, world.catalog.main.id);
    const signIn = async () =>
      expect(
        (
          await tablet.post(
            "/api/visits",
            visitor(world.catalog.main.id, world.catalog.tutoring.id),
          )
        ).status,
      ).toBe(201);
    await signIn();
    await vi.waitFor(() => expect(hung.held).toBe(1), { timeout: 20_000 });

    await addEndpoint(healthy.url);
    await signIn();
    await vi.waitFor(() => expect(healthy.received).toHaveLength(1), { timeout: 20_000 });
    // The hung send is still under way: the new event did not wait for it to end.
    expect(hung.closedConnections).toBe(0);
  });
});

describe("a sender that gathers its notifications", () => {
  it("takes what a stream of commits wrote in one run, not one run each", async () => {
    const db = world.server.services.db.kysely;
    let notified = 0;
    const runs: number[] = [];
    let ran: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (ran = resolve));
    const sender = wokenSender({
      name: "test",
      doneWord: "seen",
      channel: "vsi_test_gathering",
      // Long enough for the five commits below on a slow machine; the test waits for it once.
      gatherMs: 1_500,
      services: world.server.services,
      sendDue: () => {
        runs.push(notified);
        ran();
        return Promise.resolve({ done: 0, nextDueAt: null });
      },
      log: quiet,
    });
    cleanups.push(() => sender.stop());
    await sender.start();
    // start() runs once for what waited while the server was down.
    await first;
    const started = runs.length;
    for (let i = 0; i < 5; i++) {
      await sql`select pg_notify('vsi_test_gathering', '')`.execute(db);
      notified++;
    }
    while (runs.length === started) await new Promise((resolve) => setTimeout(resolve, 20));
    // The run the notifications woke came after all five.
    expect(runs.slice(started)).toEqual([5]);
  });
});

describe("the staff alerts sender", () => {
  it("mails a subscriber through the server's mailer once a sign-in's grouping has passed, woken by its commit", async () => {
    const { main, tutoring } = world.catalog;
    const staff = await staffClient(world.server);
    const me = (await staff.get("/api/users/me")).json as { email: string };
    const subscribed = await staff.put("/api/users/me/notifications", {
      signIns: [{ locationId: main.id, programId: tutoring.id }],
      dailySummary: false,
    });
    expect(subscribed.status).toBe(200);
    const fanOut = eventFanOut(world.server.services, quiet);
    const sender = staffAlertSender(world.server.services, quiet);
    cleanups.push(
      () => fanOut.stop(),
      () => sender.stop(),
    );
    await fanOut.start();
    await sender.start();
    // The server's clock past the grouping window: the sign-in's alert is due when it commits.
    world.server.clock.offsetMs = alertGroupingMs + 5_000;
    try {
      const tablet = await tabletClient(world.server, main.id);
      const sent = visitor(main.id, tutoring.id, { FirstName: "Mary", LastName: "Jackson" });
      expect((await tablet.post("/api/visits", sent)).status).toBe(201);
      const mine = () => world.server.mails().filter((m) => m.to === me.email);
      while (mine().length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      const [mail] = mine();
      expect(mail!.subject).toBe("Mary J. signed in for Tutoring at Main Street");
      expect(mail!.text.replace(/\D/g, "")).not.toContain(sent.PhoneNumber.replace(/\D/g, ""));
    } finally {
      world.server.clock.offsetMs = 0;
    }
  });
});

describe("a server killed mid-delivery", () => {
  it("delivers after restart: the receiver gets the sign-in again under the same webhook-id, one id per sign-in", async () => {
    // The run's database: a PostgreSQL database of its own, or an embedded one in a data folder.
    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-sigkill-"));
    // A copy of the run's migrated database: the start-up's migrations are not what is tested.
    const database =
      defaultDatabaseKind() === "postgres"
        ? await createTestDatabase({ template: inject("pgTemplate") || undefined })
        : undefined;
    const where: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
    const db = database
      ? await createDb({ databaseUrl: database.url, poolSize: 1 })
      : (await openTestDb({ kind: "pglite", dataDir })).db;
    // The first attempt is held unanswered until the server is killed; then every answer is 200.
    const hooks = await startReceiver([{ hold: true }, { status: 200 }]);
    const tablet = generateToken();
    let location: number;
    let program: number;
    try {
      ({ locationId: location, programId: program } = await siteRows(db, [tablet]));
      await db.kysely
        .insertInto("webhook_endpoints")
        .values({
          url: hooks.url,
          events: JSON.stringify(["visit.signed_in"]),
          secret: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
        })
        .execute();
    } finally {
      // An embedded database is one process's: the server opens it next.
      await db.close();
    }
    const env = { ...where, DATA_DIR: dataDir, WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" };
    const first = spawnServer(env);
    let second: ReturnType<typeof spawnServer> | undefined;
    try {
      await first.started;
      const res = await fetch(`http://127.0.0.1:${first.port()}/api/visits`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: `sheet-token=${tablet}; XSRF-TOKEN=x`,
          "x-xsrf-token": "x",
        },
        body: JSON.stringify(visitor(location, program)),
      });
      expect(res.status).toBe(201);
      const visit = (await res.json()) as { id: number };
      // The delivery is in the receiver's hands, unanswered: the server dies before it hears back.
      await received(hooks, 1);
      first.child.kill("SIGKILL");
      await first.exited;

      // Restarted with its clock past the dead sender's claim (its lease, 30 s), as a restart
      // that long after would be.
      second = spawnServer({
        ...env,
        NODE_OPTIONS: `--import=${pathToFileURL(path.join(import.meta.dirname, "clock-ahead.mjs")).href}`,
        VSI_CLOCK_AHEAD_MS: "60000",
      });
      await second.started;
      await received(hooks, 2);
      const ids = hooks.received.map((r) => r.headers["webhook-id"]);
      expect(ids[0]).toMatch(/^msg_/);
      expect(ids[1]).toBe(ids[0]);
      // Deduplicated by id, one event: this sign-in's.
      const events = new Map(hooks.received.map((r) => [r.headers["webhook-id"], r.body]));
      expect([...events.values()].map((body) => JSON.parse(body).data.visitId)).toEqual([visit.id]);
    } finally {
      first.child.kill("SIGKILL");
      second?.child.kill("SIGTERM");
      await Promise.all([first.exited, second?.exited]);
      await hooks.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
