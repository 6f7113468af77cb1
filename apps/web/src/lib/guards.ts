import { redirect, type ParsedLocation } from "@tanstack/react-router";
import { httpStatusOf } from "@vsi/web-common/api-errors";
import { keptUserAt } from "./offlineRollCall";
import type { User } from "./types";
import { administers, isSiteAdmin, siteAdminMayOpen } from "./access";

// Route guards for beforeLoad. The session (and with it the tRPC client) is loaded by the first
// guarded page, not by public ones.
const loadCurrentUser = async () => (await import("./session")).loadCurrentUser();

/**
 * The signed-in user; with no network, on the screen of the roll call this phone keeps, who had
 * it open (offlineRollCall.ts): the screen opens, and the server checks the session with each
 * mark once the network is back.
 */
async function currentUser(location: ParsedLocation): Promise<User | null> {
  const kept = keptUserAt(location.pathname);
  if (!kept) return loadCurrentUser();
  const keptUser = async () => {
    (await import("./session")).setOfflineUser(kept);
    return kept;
  };
  // Offline, asking would only wait for the network (or fail after retries).
  if (!navigator.onLine) return keptUser();
  try {
    return await loadCurrentUser();
  } catch (error) {
    if (httpStatusOf(error) === undefined) return keptUser();
    throw error;
  }
}

// Route guards for beforeLoad. The redirect replaces the history
// entry, so Back does not return to a page the visitor may not see, and carries where they were
// going as `from` so login can send them on.

function toLogin(location: ParsedLocation): never {
  throw redirect({
    to: "/login",
    replace: true,
    state: (state) => ({ ...state, from: location.href }),
  });
}

export async function requireUser({
  location,
}: {
  location: ParsedLocation;
}): Promise<{ user: User }> {
  const user = await currentUser(location);
  if (!user) toLogin(location);
  return { user };
}

/** The admin pages: a network admin's, and a site admin's own (their staff, their log). */
export async function requireAdmin({
  location,
}: {
  location: ParsedLocation;
}): Promise<{ user: User }> {
  const user = await loadCurrentUser();
  if (!user) toLogin(location);
  if (!user.isAdmin && !(isSiteAdmin(user) && siteAdminMayOpen(location.pathname)))
    toLogin(location);
  return { user };
}

/** A catalogue's pages (a program): a network admin's, and a site admin's for their locations' own. */
export async function requireSiteAdmin({
  location,
}: {
  location: ParsedLocation;
}): Promise<{ user: User }> {
  const user = await loadCurrentUser();
  if (!user) toLogin(location);
  if (!isSiteAdmin(user)) toLogin(location);
  return { user };
}

/** A location's settings: its site admin's, or a network admin's (the server decides the call). */
export async function requireLocationAdmin({
  location,
  params,
}: {
  location: ParsedLocation;
  params: { locationId: string };
}): Promise<{ user: User }> {
  const user = await loadCurrentUser();
  if (!user) toLogin(location);
  if (!administers(user, Number(params.locationId))) toLogin(location);
  return { user };
}

/**
 * The home page tells a visitor what the product is; a logged-in person goes to their dashboard.
 * Not knowing (no network, a server error), the home page shows.
 */
export async function dashboardIfLoggedIn({
  location,
}: {
  location: ParsedLocation;
}): Promise<void> {
  // Logging out comes here before the user is forgotten (useLogout).
  if (location.state.loggedOut) return;
  const user = await loadCurrentUser().catch(() => null);
  if (user) throw redirect({ to: "/dashboard", replace: true });
}
