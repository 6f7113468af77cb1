import {
  liveEvents,
  liveEventsPath,
  type LiveReadyEvent,
  type LiveRollCallEvent,
  type LiveVisitEvent,
} from "@vsi/api/schemas";

// One location's live event stream, held open with its reconnection back-off: the kiosk patches its
// sheet lists with it, the staff app's On site page refetches.

const firstRetryMs = 1_000;
const maxRetryMs = 30_000;

/** Reconnection's wait after `failures` failures in a row: 1 s doubling to 30 s, before jitter. */
export function retryDelayMs(failures: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, failures - 1), maxRetryMs);
}

/** What a watcher hears from one location's stream; `V` is the visit as the watcher types it. */
export interface LocationStreamHandlers<V = unknown> {
  /**
   * The stream listens: refresh once (changes may have been missed), then apply events. `ready`
   * says which roll call is open at the location.
   */
  live(ready: LiveReadyEvent): void;
  visit(change: LiveVisitEvent<V>): void;
  /** Changes may have been missed: refresh. */
  refresh(): void;
  /** The stream is lost: poll until `live` again. */
  down(): void;
  /** A roll call at the location started, ended or changed. */
  rollCall?(change: LiveRollCallEvent): void;
}

/** The browser's parts the watcher uses; tests pass their own. */
export interface StreamPlatform {
  open(url: string): Pick<EventSource, "addEventListener" | "close" | "onerror">;
  later(run: () => void, ms: number): () => void;
  random(): number;
}

const browser: StreamPlatform = {
  open: (url) => new EventSource(url),
  later: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  random: Math.random,
};

/**
 * Watches one location's event stream until the returned stop is called: reconnects with back-off
 * (1 s doubling to 30 s, jittered) whenever it drops or the server ends it, and says when it is
 * live and when it is down. The one connect/back-off/fallback rule for every page that listens.
 */
export function watchLocation<V = unknown>(
  locationId: number,
  handlers: LocationStreamHandlers<V>,
  platform: StreamPlatform = browser,
): () => void {
  let source: ReturnType<StreamPlatform["open"]> | undefined;
  let failures = 0;
  let cancelRetry: (() => void) | undefined;
  let stopped = false;

  const connect = () => {
    source = platform.open(liveEventsPath(locationId));
    source.addEventListener(liveEvents.ready, (event) => {
      failures = 0;
      // A server from before roll calls sends no data with it.
      const data = (event as MessageEvent<string | undefined>).data;
      const ready = data ? (JSON.parse(data) as Partial<LiveReadyEvent>) : {};
      handlers.live({ locationId, rollCallId: ready.rollCallId ?? null });
    });
    source.addEventListener(liveEvents.rollCall, (event) => {
      handlers.rollCall?.(JSON.parse((event as MessageEvent<string>).data) as LiveRollCallEvent);
    });
    source.addEventListener(liveEvents.visit, (event) => {
      handlers.visit(JSON.parse((event as MessageEvent<string>).data) as LiveVisitEvent<V>);
    });
    source.addEventListener(liveEvents.refresh, () => handlers.refresh());
    // The server ended it (a disconnected tablet, an ended session): the refresh shows why.
    source.addEventListener(liveEvents.closed, () => reconnectLater());
    source.onerror = () => reconnectLater();
  };
  const reconnectLater = () => {
    source?.close();
    if (stopped) return;
    handlers.down();
    cancelRetry?.();
    failures += 1;
    // Jitter, so tablets that lost one server do not all return in the same instant.
    cancelRetry = platform.later(connect, retryDelayMs(failures) * (0.5 + platform.random() / 2));
  };

  connect();
  return () => {
    stopped = true;
    cancelRetry?.();
    source?.close();
  };
}
