import { createRouter } from "@tanstack/react-router";
import { ErrorFallback } from "./components/ErrorFallback";
import { Loading } from "./components/Loading";
import { NotFound } from "./components/NotFound";
import { routeTree } from "./routeTree.gen";

export const router = createRouter({
  routeTree,
  defaultPreload: "intent",
  // Freshness is TanStack Query's job; the router should not cache loader results on top of it.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: ErrorFallback,
  defaultNotFoundComponent: NotFound,
  defaultPendingComponent: Loading,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  // Navigation state carried between pages: where a guarded visitor was going, a success message,
  // and a logout on its way home.
  interface HistoryState {
    from?: string;
    flash?: string;
    loggedOut?: boolean;
  }
}
