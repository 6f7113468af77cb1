import { useQueries, useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { httpStatusOf } from "@vsi/web-common/api-errors";
import { kioskQueue, useKioskQueue } from "./kioskQueue";
import { queuedVisit, withQueued, type SheetVisit } from "./queuedVisits";
import { withOfflineFallback } from "./sheetCache";
import { applyVisitEvent, isLive, sheetPollMs } from "./sheetStream";
import { kioskApi, openVisitsKey, type SignInPayload } from "./kioskApi";
import { queryClient } from "@vsi/web-common/query-client";
import { browserTimeZone, todayInZone } from "@vsi/web-common/time";
import type { Visit } from "./types";

/** How often the sheet refreshes its list while its live stream is down (see sheetStream.ts). */
export const sheetRefreshMs = 15_000;

/**
 * The visitors signed in at a location for a program, from today in the tablet's zone (spec
 * section 9). Refreshed whenever the tablet wakes or regains focus (TanStack Query listens to
 * visibilitychange and focus); on an interval, and when a sheet opens again, only while the
 * location's stream is down: a live stream keeps the cached list current.
 */
export function openVisitsQuery(locationId: number, programId: number) {
  const timeZone = browserTimeZone();
  // Offline, the list the tablet last had (see sheetCache).
  const input = { locationId, programId, from: todayInZone(timeZone), timeZone };
  return withOfflineFallback(
    {
      queryKey: openVisitsKey(input),
      queryFn: ({ signal }: { signal: AbortSignal }) => kioskApi.openVisits(input, signal),
      refetchInterval: () => sheetPollMs(locationId, sheetRefreshMs),
      refetchOnWindowFocus: "always" as const,
      refetchOnReconnect: "always" as const,
      staleTime: () => (isLive(locationId) ? Infinity : 0),
    },
    `visits:${locationId}:${programId}`,
  );
}

/** Every sheet list of this browser fetched again. */
function refreshSheets(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: openVisitsKey() });
}

/**
 * A sign-in or sign-out this tablet made, answered: its lists show it at once, as they would its
 * live event. They are fetched again only while the location's stream is down: a live stream
 * brings the same change, and a fetch would only ask the server twice.
 */
function showAnswered(kind: "in" | "out", visit: Visit) {
  const { id: visitId, LocationId: locationId, ProgramId: programId } = visit;
  applyVisitEvent(queryClient, { kind, visitId, locationId, programId, visit });
  if (!isLive(locationId)) void refreshSheets();
}

// The sheet's data flow in three hooks, so that a live feed or an offline queue can replace what is
// behind them without touching the screens.

/** A sheet's list: who is signed in, or that the server refused to say. */
export interface OpenVisits {
  /** Oldest first, with what this tablet has not sent yet. */
  visits: SheetVisit[];
  /**
   * The server answered with a refusal or a failure (a 422, a 500 with no kept list): the sheet
   * says so rather than "nobody is signed in". No answer at all (offline) is not a failure: the
   * list the tablet last had stands in (sheetCache), with what waits in the queue.
   */
  failed: boolean;
  retry: () => void;
  retrying: boolean;
}

/** The open visits of a program at a location. */
export function useOpenVisits(locationId: number, programId: number): OpenVisits {
  const query = useQuery(openVisitsQuery(locationId, programId));
  const { entries } = useKioskQueue();
  const { data = [], error, refetch, isFetching } = query;
  const failed = query.isError && httpStatusOf(error) !== undefined;
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    visits: withQueued(
      data.filter((visit) => visit.TimeOut === null),
      entries,
      locationId,
      programId,
    ),
    failed,
    retry,
    retrying: failed && isFetching,
  };
}

/**
 * Everyone signed in at the location, in every program (with what this tablet has not sent yet):
 * "Find your name" finds a visitor whichever program's tab is showing. Each program's list is the
 * same query (and cache) as its tab's.
 */
export function useLocationVisits(locationId: number, programIds: readonly number[]): SheetVisit[] {
  const lists = useQueries({
    queries: programIds.map((programId) => openVisitsQuery(locationId, programId)),
  });
  const { entries } = useKioskQueue();
  return programIds.flatMap((programId, i) =>
    withQueued(
      (lists[i]?.data ?? []).filter((visit) => visit.TimeOut === null),
      entries,
      locationId,
      programId,
    ),
  );
}

/** What a sign-in or sign-out came to: done on the server, or `saved` on the tablet to be sent later. */
export interface SheetResult {
  visit: SheetVisit;
  saved: boolean;
}

/**
 * Signs a visitor in under a fresh idempotency key; with no answer within a few seconds the
 * sign-in is kept on the tablet (offlineQueue) and sent when the connection is back. A refusal
 * (422, 409 …) is thrown for the form to show.
 */
export function useSignIn(locationId: number) {
  return useCallback(
    async (payload: SignInPayload): Promise<SheetResult> => {
      const fields = { ...payload, LocationId: locationId };
      const result = await kioskQueue.signIn(fields);
      if (!result.queued) {
        showAnswered("in", result.visit);
        return { visit: result.visit, saved: false };
      }
      const { entry } = result;
      return { visit: queuedVisit(fields, entry.key, entry.seq, entry.queuedAt), saved: true };
    },
    [locationId],
  );
}

/** Signs a visit out (or keeps the sign-out on the tablet); the row leaves every cached list of this browser at once. */
export function useSignOut() {
  const [busy, setBusy] = useState(false);
  const signOut = useCallback(
    async (
      visit: Pick<SheetVisit, "id" | "FirstName" | "LastName" | "signInKey">,
    ): Promise<SheetResult> => {
      setBusy(true);
      try {
        const result = await kioskQueue.signOut(
          visit.id > 0 ? { ...visit, id: visit.id } : { ...visit, id: undefined },
        );
        if (result.queued) {
          return {
            visit: { ...(visit as SheetVisit), TimeOut: result.entry.queuedAt },
            saved: true,
          };
        }
        showAnswered("out", result.visit);
        return { visit: result.visit, saved: false };
      } finally {
        setBusy(false);
      }
    },
    [],
  );
  return { signOut, busy };
}
