import type http from "node:http";
import { performance } from "node:perf_hooks";
import { doorVisitEventsPath, screenEventsPath } from "@vsi/api/schemas";
import { startBuild, type Build } from "./build.ts";
import { Browser, setUpTablets } from "./client.ts";
import { config } from "./config.ts";
import { lineNumbers } from "./line-numbers.ts";
import { coalesced, openLineStream, ownAddress } from "./line-watch.ts";
import { moreProcesses, sharedSecret } from "./processes.ts";
import type { Server } from "./server.ts";
import { runTablets, warmUp } from "./tablets.ts";
import { log, nextPhone, percentiles, sleep } from "./util.ts";

export type LineResult = Awaited<ReturnType<typeof lineScenario>>;

/** A visitor signed in at the door, their phone watching the line on process B. */
interface Phone {
  locationId: number;
  number: number;
  token: string;
  reader: Browser;
  called: boolean;
  /** The call it waits to see, from when it was sent. */
  armed?: Call;
  read?: () => void;
}

/** A call made on process A, and when the screen and the phone on process B showed it. */
interface Call {
  locationId: number;
  sentAt: number;
  number?: number;
  /** Until call-next answered on A. */
  answeredMs?: number;
  screenMs?: number;
  phoneMs?: number;
  /** Screen reads made before the call's answer told its number: checked once it does. */
  early: Array<{ ms: number; serving: number[] }>;
}

// Loopback address blocks: each phone and each screen connects from an address of its own.
const phoneBlock = 3;
const screenBlock = 4;

/** Each location's line on, its door code and a now-serving screen; a door program everywhere. */
async function prepareLine(build: Build) {
  const { staff, site } = build;
  const door = await staff.json<{ id: number }>("POST", "/api/programs", 201, {
    json: { Name: `Door ${Date.now().toString(36)}`, LocationIds: site.locationIds },
  });
  const places = [];
  for (const locationId of site.locationIds) {
    await staff.json("PATCH", `/api/locations/${locationId}`, 200, {
      json: { Queue: "arrival", SelfSignIn: true },
    });
    const { code: doorCode } = await staff.json<{ code: string }>(
      "POST",
      `/api/locations/${locationId}/door-code`,
      201,
    );
    const { code: screenCode } = await staff.json<{ code: string }>(
      "POST",
      `/api/locations/${locationId}/screens`,
      201,
    );
    places.push({ locationId, doorCode, screenCode });
  }
  return { doorProgramId: door.id, places };
}

/**
 * The line under load on two processes of one database: `BENCH_LINE_TABLETS` tablets (half on
 * each) and each location's door signing visitors in, every location's queue "arrival"; staff
 * call the next door visitor on process A while each location's now-serving screen and each
 * door visitor's phone watch on process B, reading the line again at each event as the pages do.
 * Then the database: no number given twice per location, day and line, and the gaps.
 */
export async function lineScenario(stamp: string) {
  const build = await startBuild("after", config.server, `${stamp}_line`, sharedSecret());
  const [b] = (await moreProcesses(build, 1)) as [Server];
  const streams: http.ClientRequest[] = [];
  const readers: Browser[] = [];
  try {
    const { doorProgramId, places } = await prepareLine(build);
    await warmUp(build);
    const a = build.server;
    const calls: Call[] = [];
    const phones: Phone[] = [];
    const pending = new Map<number, Call[]>(places.map((p) => [p.locationId, []]));

    // Each screen on B shows what its stream brings (`screen`), as the page does, and reads the
    // line again when the stream says to, while a call of its location is unseen.
    for (const [i, place] of places.entries()) {
      const screen = new Browser(b.origin, ownAddress(screenBlock, i));
      readers.push(screen);
      const shown = ({ serving }: { serving: Array<{ number: number }> }) => {
        const now = performance.now();
        const numbers = serving.map((s) => s.number);
        for (const call of pending.get(place.locationId)!) {
          if (call.number === undefined) call.early.push({ ms: now, serving: numbers });
          else if (call.screenMs === undefined && numbers.includes(call.number))
            call.screenMs = now - call.sentAt;
        }
      };
      const unseen = () =>
        pending.get(place.locationId)!.some((call) => call.screenMs === undefined);
      const read = coalesced(async () =>
        shown(await screen.json("GET", `/api/screen/${place.screenCode}`, 200)),
      );
      const path = screenEventsPath(place.screenCode);
      streams.push(
        await openLineStream(
          b.origin,
          path,
          ownAddress(screenBlock, i),
          () => {
            if (unseen()) read();
          },
          (view) => {
            if (unseen()) shown(JSON.parse(view) as { serving: Array<{ number: number }> });
          },
        ),
      );
    }

    const start = performance.now();
    const deadline = start + config.lineSeconds * 1000;
    /** Door sign-ins that failed, by status and message. */
    const doorErrors: Record<string, number> = {};
    /** Each location's door: a visitor every so often, alternately through A and B. */
    const doorLoop = async (place: (typeof places)[number], offset: number) => {
      const everyMs = 60_000 / config.lineDoorPerMinute;
      await sleep(Math.random() * everyMs);
      for (let i = offset; performance.now() < deadline; i += places.length) {
        const address = ownAddress(phoneBlock, i);
        const visitor = new Browser(i % 2 ? b.origin : a.origin, address);
        const reply = await visitor.request("POST", `/api/door/${place.doorCode}/visits`, {
          json: {
            FirstName: `Door${i}`,
            LastName: "Door",
            PhoneNumber: nextPhone(),
            Temperature: "98.6",
            ProgramId: doorProgramId,
          },
        });
        await visitor.close();
        if (reply.status !== 201) {
          const kind = `HTTP ${reply.status} ${reply.text.slice(0, 120)}`;
          doorErrors[kind] = (doorErrors[kind] ?? 0) + 1;
          continue;
        }
        const { visitToken, QueueNumber } = JSON.parse(reply.text) as {
          visitToken: string;
          QueueNumber: number;
        };
        const reader = new Browser(b.origin, address);
        readers.push(reader);
        const phone: Phone = {
          locationId: place.locationId,
          number: QueueNumber,
          token: visitToken,
          reader,
          called: false,
        };
        const shown = (visit: { CalledTo: string | null }, call: Call) => {
          if (visit.CalledTo !== null && phone.armed === call) {
            call.phoneMs = performance.now() - call.sentAt;
            phone.armed = undefined;
          }
        };
        // As the page: its own visit comes in the stream (`yours`); it is read only when the call
        // turned out to be this phone's after its event may have passed (below).
        phone.read = coalesced(async () => {
          const call = phone.armed;
          if (!call) return;
          shown(
            await reader.json<{ CalledTo: string | null }>(
              "GET",
              `/api/door/visits/${visitToken}`,
              200,
            ),
            call,
          );
        });
        phones.push(phone);
        streams.push(
          await openLineStream(
            b.origin,
            doorVisitEventsPath(visitToken),
            address,
            () => {},
            (visit) => {
              if (phone.armed) shown(JSON.parse(visit) as { CalledTo: string | null }, phone.armed);
            },
          ),
        );
        await sleep(everyMs * (0.5 + Math.random()));
      }
    };

    /** Staff on A call the next door visitor, location after location, once two wait there. */
    let callErrors = 0;
    let mismatched = 0;
    const callLoop = async () => {
      for (let turn = 0; performance.now() < deadline; turn++) {
        await sleep(config.lineCallMs);
        const place = places[turn % places.length]!;
        const waiting = phones
          .filter((p) => p.locationId === place.locationId && !p.called)
          .sort((x, y) => x.number - y.number);
        if (waiting.length < 2) continue;
        const expected = waiting[0]!;
        const call: Call = { locationId: place.locationId, sentAt: performance.now(), early: [] };
        expected.armed = call;
        expected.called = true;
        pending.get(place.locationId)!.push(call);
        calls.push(call);
        const reply = await build.staff.request(
          "POST",
          `/api/locations/${place.locationId}/queue/call-next`,
          { json: { desk: String(1 + (turn % 3)), programId: doorProgramId } },
        );
        if (reply.status !== 200) {
          callErrors++;
          expected.armed = undefined;
          continue;
        }
        const number = (JSON.parse(reply.text) as { QueueNumber: number }).QueueNumber;
        call.answeredMs = performance.now() - call.sentAt;
        call.number = number;
        const seen = call.early.find((read) => read.serving.includes(number));
        if (seen) call.screenMs = seen.ms - call.sentAt;
        if (number !== expected.number) {
          // Another door visitor was first in line (their sign-in's answer came later): theirs
          // is the phone to watch, read now, as its event may have come and gone.
          mismatched++;
          expected.armed = undefined;
          expected.called = false;
          const actual = phones.find(
            (p) => p.locationId === place.locationId && p.number === number,
          );
          if (actual) {
            actual.called = true;
            actual.armed = call;
            actual.read!();
          }
        }
      }
    };

    const tablets = await setUpTablets(build.staff, build.site, config.lineTablets, (i) => ({
      origin: i % 2 ? b.origin : a.origin,
    }));
    log(`line: ${tablets.length} tablets, the door at ${places.length} locations, calls on A`);
    const [load] = await Promise.all([
      runTablets(build.database, tablets, {
        seconds: config.lineSeconds,
        marker: "Line",
        retry: false,
        pauseMs: config.linePauseSeconds * 1000,
      }),
      ...places.map((place, i) => doorLoop(place, i)),
      callLoop(),
    ]);
    await Promise.all(tablets.map((t) => t.browser.close()));
    // What is still on its way gets a few seconds more.
    const seen = (c: Call) => c.screenMs !== undefined && c.phoneMs !== undefined;
    for (let waited = 0; waited < 5000; waited += 100) {
      if (calls.every((c) => c.number === undefined || seen(c))) break;
      await sleep(100);
    }
    const made = calls.filter((c) => c.number !== undefined);
    const failedSignIns =
      Object.entries(load.errors)
        .filter(([kind]) => kind.startsWith("signIn"))
        .reduce((t, [, n]) => t + n, 0) + Object.values(doorErrors).reduce((t, n) => t + n, 0);
    const numbers = await lineNumbers(build.database);
    const result = {
      tablets: tablets.length,
      /** Each tablet's pause between visitors (0: flat out). */
      pauseSeconds: config.linePauseSeconds,
      seconds: load.seconds,
      load,
      doorSignIns: phones.length,
      doorErrors,
      calls: made.length,
      callErrors,
      /** Calls whose door visitor was not the first the bench knew of (their phone read at once). */
      mismatched,
      /** call-next's own answer on A. */
      callAnswer: percentiles(made.flatMap((c) => c.answeredMs ?? [])),
      /** From sending the call on A to a screen on B showing its number, after an event. */
      callToScreen: percentiles(made.flatMap((c) => c.screenMs ?? [])),
      /** From sending the call on A to the visitor's phone on B showing its desk, after an event. */
      callToPhone: percentiles(made.flatMap((c) => c.phoneMs ?? [])),
      screenUnseen: made.filter((c) => c.screenMs === undefined).length,
      phoneUnseen: made.filter((c) => c.phoneMs === undefined).length,
      /** Sign-ins refused or failed (tablets' and the door's): what may leave a gap. */
      failedSignIns,
      numbers,
    };
    log(
      `line: ${numbers.numbersGiven} numbers, ${numbers.duplicates} duplicates, ${numbers.gaps} gaps; ` +
        `${made.length} calls, screen p95 ${result.callToScreen?.p95.toFixed(0)} ms, phone p95 ${result.callToPhone?.p95.toFixed(0)} ms`,
    );
    return result;
  } finally {
    for (const stream of streams) stream.destroy();
    await Promise.all(readers.map((r) => r.close()));
    await b.stop();
    await build.server.stop();
  }
}
