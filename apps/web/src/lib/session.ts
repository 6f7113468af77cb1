import { hashKey, useQuery } from "@tanstack/react-query";
import { forgetRollCall } from "./offlineRollCall";
import { queryClient, trpc } from "./trpc";
import type { User } from "./types";

// The signed-in user is the cached answer of users.me (null when nobody is signed in): one source
// for the header, the guards and the forms, updated in place on login, logout and account edits.

export function currentUserQuery() {
  return trpc.users.me.queryOptions(undefined, { staleTime: 5 * 60_000 });
}

export function useCurrentUser(): User | null {
  return useQuery(currentUserQuery()).data ?? null;
}

export function setCurrentUser(user: User | null): void {
  queryClient.setQueryData(trpc.users.me.queryKey(), user);
}

/** Offline, who had the kept roll call open: asked again from the server once it is reachable. */
export function setOfflineUser(user: User): void {
  queryClient.setQueryData(trpc.users.me.queryKey(), user, { updatedAt: 0 });
}

export function loadCurrentUser(): Promise<User | null> {
  return queryClient.ensureQueryData(currentUserQuery());
}

/**
 * After logout or tablet setup: forget the user and everything cached for them (another person
 * may use this browser next). The current-user query itself stays, set to null, because the
 * header is subscribed to it; removing it would leave the header showing the old user.
 */
export function forgetUser(): void {
  const currentUserHash = hashKey(trpc.users.me.queryKey());
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== currentUserHash });
  setCurrentUser(null);
  forgetRollCall();
}
