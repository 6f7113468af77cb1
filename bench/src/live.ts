import http from "node:http";
import { performance } from "node:perf_hooks";
import { liveEvents, liveEventsPath } from "@vsi/api/schemas";
import { sseReader } from "@vsi/test-utils";
import type { Build } from "./build.ts";
import { config } from "./config.ts";
import { signInBody } from "./tablets.ts";
import { percentiles, sleep } from "./util.ts";

export type LiveResult = Awaited<ReturnType<typeof liveScenario>>;

/** What a stream's `visit` event names of its visit (staff see the names). */
export interface StreamedVisit {
  FirstName: string;
  LastName: string;
}

/**
 * A staff stream of a location on `origin` (any process of the build's database), on a socket of
 * its own from `localAddress`, resolved once the server says ready.
 */
export function openVisitStream(
  where: { origin: string; bearer: string | undefined; localAddress: string },
  locationId: number,
  onVisit: (visit: StreamedVisit) => void,
) {
  const url = `${where.origin}${liveEventsPath(locationId)}`;
  const headers = { authorization: `Bearer ${where.bearer}` };
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const options = { headers, agent: false, localAddress: where.localAddress };
    const request = http.get(url, options, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on(
        "data",
        sseReader(({ event, data }) => {
          if (event === liveEvents.ready) resolve(request);
          if (event === liveEvents.visit && data) {
            const { visit } = JSON.parse(data) as { visit: StreamedVisit | null };
            if (visit) onVisit(visit);
          }
        }),
      );
    });
    request.on("error", reject);
  });
}

/** The loopback address of the `i`th stream: 500 a source address, under the server's cap per address. */
export const streamAddress = (i: number) => `127.0.0.${2 + Math.floor(i / 500)}`;

/** Streams of one location, then sign-ins one at a time: each one's delivery to every stream. */
export async function liveScenario(build: Build) {
  const sheet = {
    locationId: build.site.locationIds[0]!,
    programId: build.site.programIds[0]!,
    answers: build.site.answers,
  };
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  const streams: http.ClientRequest[] = [];
  try {
    for (let i = 0; i < config.streams; i++) {
      const where = {
        origin: build.server.origin,
        bearer: build.staff.bearer,
        localAddress: streamAddress(i),
      };
      const stream = await openVisitStream(where, sheet.locationId, ({ LastName }) => {
        const sent = sentAt.get(LastName);
        if (sent !== undefined) delays.push(performance.now() - sent);
      });
      streams.push(stream);
    }
    for (let c = 0; c < config.changes; c++) {
      sentAt.set(`Live${c}`, performance.now());
      const json = signInBody(sheet, "Live", `Live${c}`);
      await build.staff.json("POST", "/api/visits", 201, { json });
      await sleep(250);
    }
    await sleep(2000);
    const expected = config.streams * config.changes;
    return {
      streams: config.streams,
      changes: config.changes,
      expected,
      lost: expected - delays.length,
      /** From sending a sign-in to each stream's receipt of it. */
      delivery: percentiles(delays),
    };
  } finally {
    for (const stream of streams) stream.destroy();
  }
}
