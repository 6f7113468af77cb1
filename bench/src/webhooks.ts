import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startBuild, type Build } from "./build.ts";
import { config } from "./config.ts";
import { tabletLoad, warmUp, type LoadResult } from "./tablets.ts";
import { freePort, log, percentiles, sleep, type Percentiles } from "./util.ts";

/** Webhooks to loopback receivers need the server's switch for private networks. */
const settings = { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" };

/** A receiver on 127.0.0.1 answering 200 after `delayMs`; it notes each event's delay since its sign-in. */
async function receiver(delayMs: number) {
  const delays: number[] = [];
  const ids = new Set<string>();
  const server: HttpServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const arrived = Date.now();
      // The event's timestamp is its visit's write, in the sign-in's statement.
      const { timestamp } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        timestamp: string;
      };
      const id = String(request.headers["webhook-id"]);
      if (!ids.has(id)) delays.push(arrived - Date.parse(timestamp));
      ids.add(id);
      setTimeout(() => response.end("ok"), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    delays,
    ids,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function addEndpoint(build: Build, url: string) {
  await build.staff.json("POST", "/api/webhooks", 201, {
    json: { url, events: ["visit.signed_in"], locationIds: [], includePersonalDetails: false },
  });
}

export interface WebhooksRun {
  mode: "none" | "slowAndDead";
  round: number;
  result: LoadResult;
  signInsPerSecond: number;
}

export interface WebhooksResult {
  runs: WebhooksRun[];
  /** With one healthy receiver: from each sign-in's write to its event's arrival. */
  delivery: { signIns: number; received: number; delayMs: Percentiles | null };
}

/** A fresh server and database of the build under test, one tablet load on it, stopped after. */
async function loadOn(stamp: string, prepare: (build: Build) => Promise<void>) {
  const build = await startBuild("after", config.server, stamp, settings);
  try {
    await prepare(build);
    const warmVisits = await warmUp(build);
    const result = await tabletLoad(build, config.tablets, {
      seconds: config.tabletSeconds,
      marker: "Hooked",
      retry: false,
    });
    return { build, result, warmVisits };
  } catch (error) {
    await build.server.stop();
    throw error;
  }
}

/**
 * The tablet load with no endpoint, and with two subscribed to every sign-in: one answering
 * after 2 s, one refusing connections (a closed port); each on a fresh database of the same
 * build, one server at a time, the order alternating by round. Then one healthy receiver under
 * the same load: how long an event takes from the sign-in to it.
 */
export async function webhooksScenario(stamp: string): Promise<WebhooksResult> {
  const runs: WebhooksRun[] = [];
  const slow = await receiver(2000);
  const closedPort = await freePort();
  try {
    for (let round = 1; round <= config.rounds; round++) {
      const modes = ["none", "slowAndDead"] as const;
      for (const mode of round % 2 ? modes : [...modes].reverse()) {
        const { build, result } = await loadOn(`${stamp}_wh_${mode}_${round}`, async (b) => {
          if (mode === "none") return;
          await addEndpoint(b, slow.url);
          await addEndpoint(b, `http://127.0.0.1:${closedPort}/hooks`);
        });
        await build.server.stop();
        const signInsPerSecond = result.check.acknowledged / result.seconds;
        runs.push({ mode, round, result, signInsPerSecond });
        log(
          `webhooks ${mode}, round ${round}: ${signInsPerSecond.toFixed(0)} sign-ins/s, sign-in p95 ${result.latency.signIn?.p95.toFixed(1)} ms`,
        );
      }
    }
  } finally {
    await slow.close();
  }

  const healthy = await receiver(0);
  try {
    const { build, result, warmVisits } = await loadOn(`${stamp}_wh_healthy`, (b) =>
      addEndpoint(b, healthy.url),
    );
    // The warm-up's sign-ins and the load's: every one is an event.
    const expected = result.check.rows + warmVisits;
    for (let waited = 0; healthy.ids.size < expected && waited < 60_000; waited += 200)
      await sleep(200);
    await build.server.stop();
    const delivery = {
      signIns: expected,
      received: healthy.ids.size,
      delayMs: percentiles(healthy.delays),
    };
    log(
      `webhooks healthy: ${delivery.received}/${delivery.signIns} received, p95 ${delivery.delayMs?.p95.toFixed(0)} ms`,
    );
    return { runs, delivery };
  } finally {
    await healthy.close();
  }
}
