import type { User } from "./types";

// Who holds what, as /users/me says it: the server decides every call (kernel/permissions.ts);
// these only choose what the pages offer.

export type LocationRole = User["access"][number]["role"];

/** The admin of one location or more, or the network's: they manage their locations' staff. */
export const isSiteAdmin = (user: User) =>
  user.isAdmin || user.access.some((entry) => entry.role === "admin");

/** Whether the user administers this location (a network admin every one). */
export const administers = (user: User, locationId: number) =>
  user.isAdmin ||
  user.access.some((entry) => entry.locationId === locationId && entry.role === "admin");

/**
 * Whether the user may change a row the network or a location owns (a program, an intake
 * question, a webhook): the network's, a network admin; a location's own, its admins.
 */
export const mayChangeOwned = (user: User, ownLocationId: number | null) =>
  ownLocationId === null ? user.isAdmin : administers(user, ownLocationId);

/**
 * The admin pages a site admin (not the network's) may open: their staff, their log, their
 * locations' own questions (the network's read-only) and webhooks.
 */
export const siteAdminPages = [
  "/admin/users",
  "/admin/questions",
  "/admin/webhooks",
  "/admin/audit",
] as const;

/** Whether a site admin may open this address (a network admin opens every admin page). */
export const siteAdminMayOpen = (pathname: string) =>
  siteAdminPages.some((page) => pathname === page || pathname.startsWith(`${page}/`));

/**
 * A user's locations in a few words: every one for a network admin, else each by name, a site
 * admin's role said; `say` is the staff catalogue's translate.
 */
export function accessSummary(
  say: (key: string, values?: { name: string }) => string,
  user: User,
  names: ReadonlyMap<number, string>,
): string {
  if (user.isAdmin) return say("users.everyLocation");
  const named = user.access.flatMap((entry) => {
    const name = names.get(entry.locationId);
    if (!name) return [];
    return [entry.role === "admin" ? say("users.siteAdminOf", { name }) : name];
  });
  return named.length ? named.join(", ") : say("users.noLocation");
}
