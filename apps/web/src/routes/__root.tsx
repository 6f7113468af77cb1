import { createRootRoute, Outlet, useRouterState } from "@tanstack/react-router";
import { servedByKiosk } from "@vsi/web-common/addresses";
import { lazy, Suspense } from "react";
import { ErrorFallback } from "../components/ErrorFallback";
import { NotFound } from "../components/NotFound";
import { loadOtherApp } from "../lib/otherApp";

// Loaded only off the sheet: a tablet never downloads the staff header and menu.
const StaffShell = lazy(() => import("../components/StaffShell"));

export const Route = createRootRoute({
  // /sheet/… and /d/… are the kiosk, another app: reached from a staff page, it is loaded in full.
  beforeLoad: ({ location, preload }) => {
    if (!preload && servedByKiosk(location.pathname)) loadOtherApp();
  },
  component: RootLayout,
  errorComponent: ErrorFallback,
  notFoundComponent: NotFound,
});

/** /sheet/… is the kiosk (another app): while it loads, no staff navigation shows. */
function RootLayout() {
  const kiosk = useRouterState({ select: (state) => servedByKiosk(state.location.pathname) });
  // A now-serving screen is a TV's whole page: no staff header.
  const screen = useRouterState({
    select: (state) => state.location.pathname.startsWith("/screen/"),
  });
  if (kiosk || screen) return <Outlet />;
  return (
    <Suspense fallback={null}>
      <StaffShell>
        <Outlet />
      </StaffShell>
    </Suspense>
  );
}
