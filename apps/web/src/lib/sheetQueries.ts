import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { SignInPayload } from "../components/SignInForm";
import { isRetryable } from "./apiErrors";
import { queryClient, trpc } from "./trpc";
import { browserTimeZone, todayInZone } from "./time";
import type { Visit } from "./types";
import { randomId } from "./uuid";

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

// The sheet's data flow in three hooks, so that a live feed or an offline queue can replace what is
// behind them without touching the screens.

/** The open visits of a program at a location, oldest first. */
export function useOpenVisits(locationId: number, programId: number): Visit[] {
  const { data = [] } = useQuery(openVisitsQuery(locationId, programId));
  return data.filter((visit) => visit.TimeOut === null);
}

/** Signs a visitor in; one idempotency key per call, and a lost answer is retried with it. */
export function useSignIn(locationId: number) {
  const { mutateAsync } = useMutation({
    ...trpc.visits.create.mutationOptions(),
    retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
  });
  return useCallback(
    async (payload: SignInPayload): Promise<Visit> => {
      const visit = await mutateAsync({ ...payload, LocationId: locationId, idempotencyKey: randomId() });
      void refreshSheets();
      return visit;
    },
    [mutateAsync, locationId],
  );
}

/** Signs a visit out; the row leaves every cached list of this browser at once. */
export function useSignOut() {
  const { mutateAsync, isPending } = useMutation(trpc.visits.signOut.mutationOptions());
  const signOut = useCallback(
    async (visit: Pick<Visit, "id">): Promise<Visit> => {
      const signedOut = await mutateAsync({ id: visit.id });
      queryClient.setQueriesData<Visit[]>({ queryKey: trpc.visits.list.queryKey() }, (current) =>
        current?.map((row) => (row.id === signedOut.id ? { ...row, TimeOut: signedOut.TimeOut } : row)),
      );
      void refreshSheets();
      return signedOut;
    },
    [mutateAsync],
  );
  return { signOut, busy: isPending };
}
