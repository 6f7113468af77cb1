import { useQuery } from "@tanstack/react-query";
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

export function loadCurrentUser(): Promise<User | null> {
  return queryClient.ensureQueryData(currentUserQuery());
}
