import type { QueryClient } from "@tanstack/react-query";
import type { LiveVisitEvent } from "@vsi/api/schemas";
import { watchLocation } from "@vsi/web-common/location-stream";
import { queryClient } from "@vsi/web-common/query-client";
import { refetchNow } from "@vsi/web-common/refetch-now";
import { useEffect, useState } from "react";
import { inputOfOpenVisitsKey, openVisitsKey } from "./kioskApi";
import type { Visit } from "./types";

// The sheet's live feed: the server's event stream for the location applied to the cached lists at
// once (the stream itself: watchLocation). The 15 s refresh runs only while the stream is down.

/** Locations whose stream is open now: their lists need no polling. */
const liveLocations = new Set<number>();

/** Whether the location's stream is open now: its events keep every cached list current. */
export function isLive(locationId: number): boolean {
  return liveLocations.has(locationId);
}

/** The sheet list's polling interval: none while the location's stream is open. */
export function sheetPollMs(locationId: number, fallbackMs: number): number | false {
  return isLive(locationId) ? false : fallbackMs;
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
 * now may be answered from before the change: it is fetched again instead, its first fetch too.
 */
export function applyVisitEvent(client: QueryClient, change: LiveVisitEvent<Visit>): void {
  const queries = client.getQueryCache().findAll({ queryKey: openVisitsKey() });
  for (const query of queries) {
    const input = inputOfOpenVisitsKey(query.queryKey);
    if (input.locationId !== change.locationId) continue;
    if (query.state.fetchStatus === "fetching") {
      void refetchNow(client, { queryKey: query.queryKey, exact: true });
      continue;
    }
    const list = query.state.data as Visit[] | undefined;
    if (list) client.setQueryData(query.queryKey, patched(list, input, change));
  }
}

function refreshLists(locationId: number) {
  return refetchNow(queryClient, {
    queryKey: openVisitsKey(),
    predicate: (query) => inputOfOpenVisitsKey(query.queryKey).locationId === locationId,
  });
}

/**
 * Keeps the location's sheet lists in step with the server while mounted: the location's stream
 * patches them, with a full refresh each time it (re)connects; polling only while it is down.
 * Answers whether a roll call is in progress at the location (the sheet's banner).
 */
export function useSheetStream(locationId: number): { rollCall: boolean } {
  const [rollCall, setRollCall] = useState<{ locationId: number; open: boolean }>({
    locationId,
    open: false,
  });
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const stop = watchLocation<Visit>(locationId, {
      live: (ready) => {
        liveLocations.add(locationId);
        setRollCall({ locationId, open: ready.rollCallId !== null });
        void refreshLists(locationId);
      },
      rollCall: (change) => setRollCall({ locationId, open: change.open }),
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
  return { rollCall: rollCall.locationId === locationId && rollCall.open };
}
