import {
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { cookieNames } from "@vsi/api/schemas";
import { readCookie } from "../lib/cookies";
import { loadOtherEntry } from "../lib/otherEntry";
import { sheetSearch } from "../lib/sheetSearch";
import { DisconnectedPage } from "./DisconnectedPage";
import { KioskError, KioskNotFound, KioskPending } from "./KioskStates";
import { SheetPage } from "./SheetPage";
import { SignInPage } from "./SignInPage";

// The kiosk's routes, in code: a handful of pages, no file-based tree or staff routes in the
// tablet's download. Any other address belongs to the staff app (another entry): see otherEntry.ts.

const root = createRootRoute({
  component: Outlet,
  errorComponent: KioskError,
  notFoundComponent: KioskNotFound,
});

// A tablet opens /sheet/ (the web manifest's start URL); the setup call left the location's id in
// its readable cookie, so the tablet lands on its own sheet, or on the home page if it has none.
const start = createRoute({
  getParentRoute: () => root,
  path: "/sheet",
  beforeLoad: () => {
    const locationId = readCookie(cookieNames.sheetId);
    throw redirect({ href: locationId ? `/sheet/${locationId}` : "/", replace: true });
  },
});

const disconnected = createRoute({
  getParentRoute: () => root,
  path: "/sheet/disconnected",
  component: DisconnectedPage,
});

const sheet = createRoute({
  getParentRoute: () => root,
  path: "/sheet/$locationId",
  validateSearch: sheetSearch,
  component: SheetPage,
});

const signIn = createRoute({
  getParentRoute: () => root,
  path: "/sheet/$locationId/sign-in",
  validateSearch: sheetSearch,
  component: SignInPage,
});

/** Outside /sheet: the staff app's page, loaded in full (the staff exit, a home-page link). */
const elsewhere = createRoute({
  getParentRoute: () => root,
  path: "$",
  beforeLoad: ({ location, preload }) => {
    if (preload || location.pathname.startsWith("/sheet")) return;
    loadOtherEntry();
  },
  component: KioskNotFound,
});

export const kioskRouter = createRouter({
  routeTree: root.addChildren([start, disconnected, sheet, signIn, elsewhere]),
  defaultPendingComponent: KioskPending,
  scrollRestoration: true,
});
