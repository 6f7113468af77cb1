import { startReceiver } from "@vsi/test-utils/webhook-receiver";
import { afterAll, describe, expect, it } from "vitest";
import { scheduledJobs, webhookSender } from "../src/jobs/index.ts";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

// The webhooks as the server sends them: woken by the outbox's notification at commit, off the
// request path, and by the every-minute job. What a delivery does is tested in packages/api
// (webhooks/webhooks.test.ts).

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
    cleanups.push(hooks.close);
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
    const sender = webhookSender(world.server.services, quiet);
    cleanups.push(() => sender.stop());
    const job = scheduledJobs(world.server.services, quiet, sender).find(
      (j) => j.name === "webhooks",
    );
    expect(job?.cron).toBe("* * * * *");
    await job!.run();
    expect(hooks.received).toHaveLength(1);

    // Started: the next sign-in is sent with nothing else asking.
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
});
