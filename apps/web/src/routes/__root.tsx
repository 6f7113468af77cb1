import { createRootRoute, Outlet, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { ErrorFallback } from "../components/ErrorFallback";
import { NotFound } from "../components/NotFound";

// Loaded only off the sheet: a tablet never downloads the staff header and menu.
const StaffShell = lazy(() => import("../components/StaffShell"));

export const Route = createRootRoute({
  component: RootLayout,
  errorComponent: ErrorFallback,
  notFoundComponent: NotFound,
});

/** /sheet/… is the kiosk (its own entry, kiosk.html): while it loads, no staff navigation shows. */
function RootLayout() {
  const kiosk = useRouterState({
    select: (state) => state.location.pathname.startsWith("/sheet/"),
  });
  if (kiosk) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <StaffShell>
        <Outlet />
      </StaffShell>
    </Suspense>
  );
}
