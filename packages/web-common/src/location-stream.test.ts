import { liveEvents, liveEventsPath } from "@vsi/api/schemas";
import { describe, expect, it } from "vitest";
import {
  retryDelayMs,
  watchLocation,
  type LocationStreamHandlers,
  type StreamPlatform,
} from "./location-stream.ts";

/** An EventSource stand-in the test drives, and a clock that only records what was scheduled. */
function fakePlatform(random = 1) {
  const sources: Array<{
    url: string;
    closed: boolean;
    fire(type: string, data?: unknown): void;
    fail(): void;
  }> = [];
  const waits: Array<{ ms: number; run: () => void; cancelled: boolean }> = [];
  const platform: StreamPlatform = {
    open(url) {
      const listeners = new Map<string, (event: Event) => void>();
      const source = {
        onerror: null as EventSource["onerror"],
        addEventListener: (type: string, listener: (event: Event) => void) =>
          listeners.set(type, listener),
        close: () => void (record.closed = true),
      };
      const record = {
        url,
        closed: false,
        fire: (type: string, data?: unknown) =>
          listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) })),
        fail: () => source.onerror?.call(source as unknown as EventSource, new Event("error")),
      };
      sources.push(record);
      return source as unknown as ReturnType<StreamPlatform["open"]>;
    },
    later(run, ms) {
      const wait = { ms, run, cancelled: false };
      waits.push(wait);
      return () => void (wait.cancelled = true);
    },
    random: () => random,
  };
  const retry = () => {
    const wait = waits.at(-1)!;
    expect(wait.cancelled).toBe(false);
    wait.run();
  };
  return { platform, sources, waits, retry, latest: () => sources.at(-1)! };
}

function recorder() {
  const calls: string[] = [];
  const handlers: LocationStreamHandlers = {
    live: () => calls.push("live"),
    visit: (change) => calls.push(`visit ${change.visitId}`),
    refresh: () => calls.push("refresh"),
    down: () => calls.push("down"),
  };
  return { calls, handlers };
}

describe("retryDelayMs", () => {
  it("waits 1 s after the first failure, doubling each time, never more than 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe("watchLocation", () => {
  it("opens the location's stream and passes on live, visit and refresh", () => {
    const fake = fakePlatform();
    const { calls, handlers } = recorder();
    watchLocation(7, handlers, fake.platform);
    expect(fake.latest().url).toBe(liveEventsPath(7));
    fake.latest().fire(liveEvents.ready);
    fake.latest().fire(liveEvents.visit, {
      kind: "in",
      visitId: 12,
      locationId: 7,
      programId: 1,
      visit: null,
    });
    fake.latest().fire(liveEvents.refresh);
    expect(calls).toEqual(["live", "visit 12", "refresh"]);
  });

  it("backs off 1, 2, 4 … 30 s while the stream keeps failing, saying it is down each time", () => {
    const fake = fakePlatform();
    const { calls, handlers } = recorder();
    watchLocation(7, handlers, fake.platform);
    for (let i = 0; i < 7; i++) {
      fake.latest().fail();
      expect(fake.latest().closed).toBe(true);
      fake.retry();
    }
    expect(fake.waits.map((wait) => wait.ms)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(fake.sources).toHaveLength(8);
    expect(calls).toEqual(Array(7).fill("down"));
  });

  it("starts again from 1 s once a reconnection is live, and treats the server's closed event as a drop", () => {
    const fake = fakePlatform();
    const { calls, handlers } = recorder();
    watchLocation(7, handlers, fake.platform);
    fake.latest().fail();
    fake.retry();
    fake.latest().fail();
    fake.retry();
    fake.latest().fire(liveEvents.ready);
    fake.latest().fire(liveEvents.closed);
    expect(fake.latest().closed).toBe(true);
    expect(fake.waits.map((wait) => wait.ms)).toEqual([1000, 2000, 1000]);
    expect(calls).toEqual(["down", "down", "live", "down"]);
  });

  it("jitters each wait to between half and all of it", () => {
    const fake = fakePlatform(0);
    watchLocation(7, recorder().handlers, fake.platform);
    fake.latest().fail();
    fake.retry();
    fake.latest().fail();
    expect(fake.waits.map((wait) => wait.ms)).toEqual([500, 1000]);
  });

  it("stops for good: the stream closed, the pending retry cancelled, no more down calls", () => {
    const fake = fakePlatform();
    const { calls, handlers } = recorder();
    const stop = watchLocation(7, handlers, fake.platform);
    fake.latest().fail();
    stop();
    expect(fake.waits[0]!.cancelled).toBe(true);
    expect(fake.latest().closed).toBe(true);
    fake.latest().fail();
    expect(calls).toEqual(["down"]);
    expect(fake.sources).toHaveLength(1);
  });
});

describe("a location's roll calls on its stream", () => {
  it("says which roll call is open when the stream is ready, and each change after", () => {
    const fake = fakePlatform();
    const heard: unknown[] = [];
    watchLocation(
      7,
      {
        live: (ready) => heard.push(["live", ready.rollCallId]),
        visit: () => undefined,
        refresh: () => undefined,
        down: () => undefined,
        rollCall: (change) => heard.push(["rollCall", change.rollCallId, change.open]),
      },
      fake.platform,
    );
    fake.latest().fire(liveEvents.ready, { locationId: 7, rollCallId: 3 });
    fake.latest().fire(liveEvents.rollCall, { locationId: 7, rollCallId: 3, open: false });
    fake.latest().fire(liveEvents.ready);
    expect(heard).toEqual([
      ["live", 3],
      ["rollCall", 3, false],
      ["live", null],
    ]);
  });
});
