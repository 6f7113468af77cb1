import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@vsi/api";
import { httpStatusOf, isRetryable } from "./apiErrors";
import { xsrfHeaders } from "./xsrf";

// The one way the app talks to the server: tRPC over /trpc, through TanStack Query's cache.

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

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: "/trpc",
      headers: xsrfHeaders,
      fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export type { AppRouter };
