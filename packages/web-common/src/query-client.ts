import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { httpStatusOf, isRetryable } from "./api-errors.ts";

// An app's one TanStack Query cache, with the same rules for the staff app (over tRPC) and the kiosk
// (over REST): each build has its own.

let unauthorizedHandler: (error: unknown) => unknown = () => {};

/** What to do when any call answers 401 (go to /login); set once by the app's main.tsx. */
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
      // A refusal will answer the same way again; only what isRetryable names is tried again.
      retry: (failureCount, error) => failureCount < 2 && isRetryable(error),
      staleTime: 10_000,
    },
  },
});
