import type { QueryClient } from "@tanstack/react-query";
import { liveEvents, liveEventsPath, type LiveVisitEvent } from "@vsi/api/schemas";
import { useEffect } from "react";
import { inputOfOpenVisitsKey, openVisitsKey } from "./kioskApi";
import { queryClient } from "./queryClient";
import type { Visit } from "./types";

// The sheet's live feed: the server's event stream for the location applied to the cached lists at
// once. The 15 s refresh runs only while the stream is down.

const firstRetryMs = 1_000;
const maxRetryMs = 30_000;

/** Locations whose stream is open now: their lists need no polling. */
const liveLocations = new Set<number>();

/** The sheet list's polling interval: none while the location's stream is open. */
export function sheetPollMs(locationId: number, fallbackMs: number): number | false {
  return liveLocations.has(locationId) ? false : fallbackMs;
}

interface ListInput {
  locationId?: number;
  programId?: number;
}

const byArrival = (a: Visit, b: Visit) => a.TimeIn.localeCompare(b.TimeIn) || a.id - b.id;

/** One list after a change: the visit replaced, added (a sign-in of this list's program) or taken out. */
function patched(list: Visit[], input: ListInput, change: LiveVisitEvent<Visit>): Visit[] {
  const { visit } = change;
  const rest = list.filter((row) => row.id !== change.visitId);
  const belongs =
    visit !== null &&
    visit.TimeOut === null &&
    (input.programId === undefined || input.programId === visit.ProgramId);
  const listed = rest.length !== list.length;
  if (!belongs) return listed ? rest : list;
  // A change to a visit this list never showed (an older day's) stays out of it.
  if (!listed && change.kind !== "in") return list;
  return [...rest, visit].sort(byArrival);
}

/**
 * Applies one `visit` event to every cached sheet list of its location. A list being fetched right
 * now may be answered from before the change: it is fetched again instead.
 */
export function applyVisitEvent(client: QueryClient, change: LiveVisitEvent<Visit>): void {
  const queries = client.getQueryCache().findAll({ queryKey: openVisitsKey() });
  for (const query of queries) {
    const input = inputOfOpenVisitsKey(query.queryKey);
    if (input.locationId !== change.locationId) continue;
    if (query.state.fetchStatus === "fetching") {
      void client.invalidateQueries({ queryKey: query.queryKey, exact: true });
      continue;
    }
    const list = query.state.data as Visit[] | undefined;
    if (list) client.setQueryData(query.queryKey, patched(list, input, change));
  }
}

function refreshLists(locationId: number) {
  return queryClient.invalidateQueries({
    queryKey: openVisitsKey(),
    predicate: (query) => inputOfOpenVisitsKey(query.queryKey).locationId === locationId,
  });
}

/** Reconnection's wait after `failures` failures in a row: 1 s doubling to 30 s, before jitter. */
export function retryDelayMs(failures: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, failures - 1), maxRetryMs);
}

/** What a watcher hears from one location's stream. */
export interface LocationStreamHandlers {
  /** The stream listens: refresh once (changes may have been missed), then apply events. */
  live(): void;
  visit(change: LiveVisitEvent<Visit>): void;
  /** Changes may have been missed: refresh. */
  refresh(): void;
  /** The stream is lost: poll until `live` again. */
  down(): void;
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
export function watchLocation(
  locationId: number,
  handlers: LocationStreamHandlers,
  platform: StreamPlatform = browser,
): () => void {
  let source: ReturnType<StreamPlatform["open"]> | undefined;
  let failures = 0;
  let cancelRetry: (() => void) | undefined;
  let stopped = false;

  const connect = () => {
    source = platform.open(liveEventsPath(locationId));
    source.addEventListener(liveEvents.ready, () => {
      failures = 0;
      handlers.live();
    });
    source.addEventListener(liveEvents.visit, (event) => {
      handlers.visit(JSON.parse((event as MessageEvent<string>).data) as LiveVisitEvent<Visit>);
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

/**
 * Keeps the location's sheet lists in step with the server while mounted: the location's stream
 * patches them, with a full refresh each time it (re)connects; polling only while it is down.
 */
export function useSheetStream(locationId: number): void {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const stop = watchLocation(locationId, {
      live: () => {
        liveLocations.add(locationId);
        void refreshLists(locationId);
      },
      visit: (change) => applyVisitEvent(queryClient, change),
      refresh: () => void refreshLists(locationId),
      down: () => {
        liveLocations.delete(locationId);
        // Polling resumes with this refresh (the interval is read again after each fetch).
        void refreshLists(locationId);
      },
    });
    return () => {
      stop();
      liveLocations.delete(locationId);
    };
  }, [locationId]);
}
