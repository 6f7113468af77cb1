import { sql } from "@vsi/db";
import { databaseKinds } from "@vsi/db/testing";
import { describe, expect, it } from "vitest";
import { eventFanOut, scheduledJobs, staffAlertSender, webhookSender } from "../src/jobs/index.ts";
import { adminClient, createCatalog, tabletClient, visitor } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./harness.ts";

// The embedded database has no autovacuum (one process, no background workers): the server's own
// nightly job does its work. What it is for (plans made of a table still empty) is what the bench's
// tablet loads showed on a fresh database; here, that the work is done.

const quiet = { info: () => undefined, error: () => undefined };

const jobsOf = (server: TestServer) =>
  scheduledJobs(server.services, quiet, {
    fanOut: eventFanOut(server.services, quiet),
    webhooks: webhookSender(server.services, quiet),
    staffAlerts: staffAlertSender(server.services, quiet),
  });

async function visitsStatistics(server: TestServer) {
  const { rows } = await sql<{
    reltuples: number;
    relallvisible: number;
  }>`select reltuples, relallvisible from pg_class where relname = 'visits'`.execute(
    server.services.db.kysely,
  );
  return rows[0]!;
}

describe("the embedded database's upkeep", () => {
  it("is a nightly job that counts the visits for the planner and marks their pages all-visible", async () => {
    const server = await startTestServer({ database: "pglite" });
    try {
      const admin = await adminClient(server);
      const { main, pantry } = await createCatalog(admin);
      const tablet = await tabletClient(server, main.id);
      for (let i = 0; i < 3; i++) await tablet.post("/api/visits", visitor(main.id, pantry.id));
      expect(await visitsStatistics(server)).not.toEqual({ reltuples: 3, relallvisible: 1 });

      const job = jobsOf(server).find((j) => j.name === "embedded-upkeep");
      expect(job?.cron).toBe("0 4 * * *");
      await job!.run();
      expect(await visitsStatistics(server)).toEqual({ reltuples: 3, relallvisible: 1 });
    } finally {
      await server.close();
    }
  });

  (databaseKinds().includes("postgres") ? it : it.skip)(
    "is left to autovacuum on a PostgreSQL server",
    async () => {
      const server = await startTestServer({ database: "postgres" });
      try {
        expect(jobsOf(server).map((j) => j.name)).not.toContain("embedded-upkeep");
      } finally {
        await server.close();
      }
    },
  );
});
