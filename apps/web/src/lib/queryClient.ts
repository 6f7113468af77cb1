import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { httpStatusOf, isRetryable } from "./apiErrors";

// The app's one TanStack Query cache, for staff pages (tRPC, lib/trpc.ts) and the kiosk (REST,
// lib/kioskApi.ts) alike.

let unauthorizedHandler: (error: unknown) => unknown = () => {};

/** What to do when any call answers 401 (go to /login); set once by main.tsx. */
export function onUnauthorized(handler: (error: unknown) => unknown): void {
  unauthorizedHandler = handler;
}

/** A 401 met outside TanStack Query's caches (the kiosk's queue): handled as any other. */
export function reportUnauthorized(error: unknown): void {
  void unauthorizedHandler(error);
}

function handleError(error: unknown): void {
  if (httpStatusOf(error) === 401) reportUnauthorized(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleError }),
  mutationCache: new MutationCache({ onError: handleError }),
  defaultOptions: {
    queries: {
      // A 4xx will answer the same way again; only lost requests and server failures are retried.
      retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
      staleTime: 10_000,
    },
  },
});
