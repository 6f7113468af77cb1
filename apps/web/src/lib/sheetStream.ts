import type { QueryClient } from "@tanstack/react-query";
import { liveEvents, liveEventsPath, type LiveVisitEvent } from "@vsi/api/schemas";
import { useEffect } from "react";
import { queryClient, trpc } from "./trpc";
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
  const belongs = visit !== null && visit.TimeOut === null && (input.programId === undefined || input.programId === visit.ProgramId);
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
  const queries = client.getQueryCache().findAll({ queryKey: trpc.visits.list.queryKey() });
  for (const query of queries) {
    const input = (query.queryKey[1] as { input?: ListInput } | undefined)?.input ?? {};
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
    queryKey: trpc.visits.list.queryKey(),
    predicate: (query) => (query.queryKey[1] as { input?: ListInput } | undefined)?.input?.locationId === locationId,
  });
}

/**
 * Keeps the location's sheet lists in step with the server while mounted: an EventSource on the
 * location's stream, a full refresh each time it (re)connects, and reconnection with back-off.
 */
export function useSheetStream(locationId: number): void {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | undefined;
    let retryMs = firstRetryMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const down = () => {
      liveLocations.delete(locationId);
      // Polling resumes with this refresh (the interval is read again after each fetch).
      void refreshLists(locationId);
    };
    const connect = () => {
      source = new EventSource(liveEventsPath(locationId));
      source.addEventListener(liveEvents.ready, () => {
        retryMs = firstRetryMs;
        liveLocations.add(locationId);
        // Whatever changed while it was not listening: one full refresh.
        void refreshLists(locationId);
      });
      source.addEventListener(liveEvents.visit, (event) => {
        applyVisitEvent(queryClient, JSON.parse((event as MessageEvent<string>).data) as LiveVisitEvent<Visit>);
      });
      source.addEventListener(liveEvents.refresh, () => void refreshLists(locationId));
      // A disconnected tablet: the refresh answers 401, which shows the tablet why.
      source.addEventListener(liveEvents.closed, () => reconnectLater());
      source.onerror = () => reconnectLater();
    };
    const reconnectLater = () => {
      source?.close();
      down();
      if (stopped) return;
      clearTimeout(timer);
      // Jitter, so tablets that lost one server do not all return in the same instant.
      timer = setTimeout(connect, retryMs * (0.5 + Math.random() / 2));
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      liveLocations.delete(locationId);
    };
  }, [locationId]);
}
