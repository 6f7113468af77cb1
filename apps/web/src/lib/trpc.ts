import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@vsi/api";
import { queryClient } from "@vsi/web-common/query-client";
import { xsrfHeaders } from "@vsi/web-common/xsrf";

// How staff pages talk to the server: tRPC over /trpc, through TanStack Query's cache. The kiosk
// (apps/kiosk) uses REST, so its first load carries no tRPC client.

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

export { onUnauthorized, queryClient, reportUnauthorized } from "@vsi/web-common/query-client";
export type { AppRouter };
