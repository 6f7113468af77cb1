import { queryClient, trpc } from "./trpc";
import { browserTimeZone, todayInZone } from "./time";

/** How often the sheet refreshes its list, so two tablets at one site agree without a reload. */
export const sheetRefreshMs = 15_000;

/**
 * The visitors signed in at a location for a program, from today in the tablet's zone (spec
 * section 9). Refreshed on an interval and whenever the tablet wakes or regains focus (TanStack
 * Query listens to visibilitychange and focus).
 */
export function openVisitsQuery(locationId: number, programId: number) {
  const timeZone = browserTimeZone();
  return trpc.visits.list.queryOptions(
    { locationId, programId, from: todayInZone(timeZone), timeZone },
    {
      refetchInterval: sheetRefreshMs,
      refetchOnWindowFocus: "always",
      refetchOnReconnect: "always",
      staleTime: 0,
    },
  );
}

/** After a sign-in or sign-out every sheet list of this browser is out of date. */
export function refreshSheets(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: trpc.visits.list.queryKey() });
}
