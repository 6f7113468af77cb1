import http from "node:http";
import { performance } from "node:perf_hooks";
import { liveEvents, liveEventsPath } from "@vsi/api/schemas";
import { sseReader } from "@vsi/test-utils";
import type { Build } from "./build.ts";
import { config } from "./config.ts";
import { signInBody } from "./tablets.ts";
import { percentiles, sleep } from "./util.ts";

export type LiveResult = Awaited<ReturnType<typeof liveScenario>>;

/** A staff stream of the location on a socket of its own, resolved once the server says ready. */
function openStream(build: Build, localAddress: string, onVisit: (lastName: string) => void) {
  const url = `${build.server.origin}${liveEventsPath(build.site.locationIds[0]!)}`;
  const headers = { authorization: `Bearer ${build.staff.bearer}` };
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const request = http.get(url, { headers, agent: false, localAddress }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream: ${response.statusCode}`));
      response.setEncoding("utf8");
      response.on(
        "data",
        sseReader(({ event, data }) => {
          if (event === liveEvents.ready) resolve(request);
          if (event === liveEvents.visit && data)
            onVisit(
              (JSON.parse(data) as { visit: { LastName: string } | null }).visit?.LastName ?? "",
            );
        }),
      );
    });
    request.on("error", reject);
  });
}

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
      // 500 sockets per source address keeps each under the server's cap per address.
      const address = `127.0.0.${2 + Math.floor(i / 500)}`;
      const stream = await openStream(build, address, (lastName) => {
        const sent = sentAt.get(lastName);
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
