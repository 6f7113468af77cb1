import http from "node:http";
import { URL } from "node:url";
// The one SSE reader (the server tests use it too).
import { sseReader } from "../../tooling/test-utils/src/sse.ts";
import { Browser, type Site } from "./client.ts";
import type { Env } from "./env.ts";
import { Server } from "./server.ts";
import { freePort, log } from "./util.ts";

export interface LiveRun {
  streams: number;
  changes: number;
  /** Deliveries seen: streams × changes when none is lost. */
  delivered: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** (VmRSS with the streams open − VmRSS before) / streams, on a server process started for this level. */
  rssPerStreamKb: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** One staff stream of the location (bearer token), on its own socket from a loopback address of its own group. */
function openStream(
  origin: string,
  locationId: number,
  bearer: string,
  localAddress: string,
  onVisit: (lastName: string, at: number) => void,
) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const url = new URL(`/api/locations/${locationId}/events`, origin);
    if (url.hostname !== "127.0.0.1") throw new Error("bench streams go to 127.0.0.1 only");
    const request = http.get(
      url,
      {
        headers: { authorization: `Bearer ${bearer}`, accept: "text/event-stream" },
        agent: false,
        localAddress,
      },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
        response.setEncoding("utf8");
        response.on(
          "data",
          sseReader((block) => {
            if (block.event === "ready") resolve(request);
            if (block.event === "visit" && block.data)
              onVisit(
                (JSON.parse(block.data) as { visit: { LastName: string } | null }).visit
                  ?.LastName ?? "",
                performance.now(),
              );
          }),
        );
      },
    );
    request.on("error", reject);
  });
}

/**
 * Streams on one server process (staff streams of one location, as the tablets of a big site),
 * then sign-ins through the API one at a time: the delay from sending each to every stream's
 * receipt, and the server's resident memory per open stream. Each level gets a server process of
 * its own on the bench's database, warmed by one stream and one sign-in, so its memory before the
 * streams is not a heap grown by earlier phases (which hides what the streams take).
 */
export async function livePhase(
  env: Env,
  site: Site,
  counts = [200, 1000],
  changes = 20,
): Promise<LiveRun[]> {
  const runs: LiveRun[] = [];
  const locationId = site.locationIds[0]!;
  const programId = site.programIds[0]!;
  const bearer = env.staff.bearer!;
  for (const count of counts) {
    const sentAt = new Map<string, number>();
    const delays: number[] = [];
    const server = new Server({ databaseUrl: env.databaseUrl, port: await freePort() });
    await server.start();
    const staff = new Browser(server.origin);
    staff.bearer = bearer;
    const signIn = (lastName: string, phoneTail: number) =>
      staff.json(
        "POST",
        "/api/visits",
        {
          json: {
            FirstName: "Live",
            LastName: lastName,
            PhoneNumber: `650${String(phoneTail % 10_000_000).padStart(7, "0")}`,
            Temperature: "98.6",
            LocationId: locationId,
            ProgramId: programId,
          },
        },
        201,
      );
    const requests: http.ClientRequest[] = [];
    try {
      // Warm-up: the stream route, the location's listener and the sign-in have run once.
      const warm = await openStream(server.origin, locationId, bearer, "127.0.0.2", () => {});
      await signIn("Warm", Date.now());
      warm.destroy();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const rss0 = server.rssKb();
      for (let i = 0; i < count; i++) {
        // 500 sockets per source address keeps each under the server's per-address cap.
        const localAddress = `127.0.0.${2 + Math.floor(i / 500)}`;
        requests.push(
          await openStream(server.origin, locationId, bearer, localAddress, (lastName, at) => {
            const sent = sentAt.get(lastName);
            if (sent !== undefined) delays.push(at - sent);
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const rssPerStreamKb = (server.rssKb() - rss0) / count;
      for (let c = 0; c < changes; c++) {
        sentAt.set(`Bench${c}`, performance.now());
        await signIn(`Bench${c}`, Date.now() + c + 1);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const sorted = [...delays].sort((a, b) => a - b);
      const run = {
        streams: count,
        changes,
        delivered: delays.length,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        maxMs: sorted.at(-1) ?? NaN,
        rssPerStreamKb,
      };
      log(
        `live: ${count} streams, ${run.delivered}/${count * changes} deliveries, p50 ${run.p50Ms.toFixed(0)} ms, p95 ${run.p95Ms.toFixed(0)} ms, max ${run.maxMs.toFixed(0)} ms, ${rssPerStreamKb.toFixed(1)} kB RSS per stream`,
      );
      runs.push(run);
    } finally {
      for (const request of requests) request.destroy();
      await staff.close();
      await server.stop();
    }
  }
  return runs;
}
