import type { User } from "@vsi/db";
import { forbidden, notFound, unauthorized } from "./errors.ts";
import type { Caller, Identity, LocationAccess, LocationRole } from "./identity.ts";
import {
  reauthenticateMessage,
  sudoWindowMinutes,
  tabletDisconnectedMessage,
} from "./auth-names.ts";
import { sheetVisit } from "./sheet-view.ts";
import { say, accessMessages } from "./messages.ts";

/**
 * Who may do what: every permission rule of the server, used by the procedures and the raw routes
 * alike. No identity is a 401; an identity without the right is a 403.
 */

/** 401, saying so when the caller is a tablet that staff disconnected: its page shows that, not a login form. */
function noIdentity(identity: Extract<Identity, { kind: "anonymous" }>) {
  return unauthorized(identity.rejectedTablet ? tabletDisconnectedMessage : undefined);
}

/** siteAdmin: a network admin, or the admin of one location or more (their locations' staff, their log). */
export type Access = "public" | "sheet" | "staff" | "siteAdmin" | "admin";
/** admin: the network's (is_admin); siteAdmin: the admin of one location or more; staff: neither. */
export type IdentityKind = "anonymous" | "tablet" | "staff" | "siteAdmin" | "admin";

/** Each access level against each kind of caller: "ok", or the status that refuses it. */
export const accessTable: Record<Access, Record<IdentityKind, "ok" | 401 | 403>> = {
  public: { anonymous: "ok", tablet: "ok", staff: "ok", siteAdmin: "ok", admin: "ok" },
  sheet: { anonymous: 401, tablet: "ok", staff: "ok", siteAdmin: "ok", admin: "ok" },
  staff: { anonymous: 401, tablet: 403, staff: "ok", siteAdmin: "ok", admin: "ok" },
  siteAdmin: { anonymous: 401, tablet: 403, staff: 403, siteAdmin: "ok", admin: "ok" },
  admin: { anonymous: 401, tablet: 403, staff: 403, siteAdmin: 403, admin: "ok" },
};

/**
 * The one rule of who holds which location: a network admin every one as its admin; a user flagged
 * staff of every location each one as staff, later ones included; a role named at a location
 * theirs there over that. `roles` are the user's location_access rows.
 */
export function locationAccess(
  user: Pick<User, "is_admin" | "staff_of_every_location">,
  roles: Iterable<{ locationId: number; role: LocationRole }>,
): LocationAccess {
  if (user.is_admin) return { every: "admin", roles: new Map() };
  return {
    every: user.staff_of_every_location ? "staff" : null,
    roles: new Map([...roles].map(({ locationId, role }) => [locationId, role])),
  };
}

/** The role held at a location, or undefined where they hold none. */
export function roleAt(access: LocationAccess, locationId: number): LocationRole | undefined {
  if (access.every === "admin") return "admin";
  return access.roles.get(locationId) ?? access.every ?? undefined;
}

/** The locations a caller holds: undefined for every location (no filter), else their ids. */
export function heldLocationIds(identity: Identity): readonly number[] | undefined {
  if (identity.kind === "tablet") return [identity.locationId];
  if (identity.kind !== "user") return [];
  const { access } = identity;
  return access.every ? undefined : [...access.roles.keys()];
}

/** The locations a user administers: undefined for every one (a network admin), else their ids. */
export function administeredLocationIds(access: LocationAccess): readonly number[] | undefined {
  if (access.every === "admin") return undefined;
  return [...access.roles].filter(([, role]) => role === "admin").map(([id]) => id);
}

export function identityKind(identity: Identity): IdentityKind {
  if (identity.kind !== "user") return identity.kind;
  if (identity.user.is_admin) return "admin";
  return administeredLocationIds(identity.access)!.length > 0 ? "siteAdmin" : "staff";
}

function assertAccess(access: Access, identity: Identity): void {
  const kind = identityKind(identity);
  const verdict = accessTable[access][kind];
  if (verdict === 401) throw noIdentity(identity as Extract<Identity, { kind: "anonymous" }>);
  if (verdict === 403) {
    if (kind === "staff") throw forbidden(say(accessMessages.adminsOnly));
    throw forbidden(kind === "siteAdmin" ? say(accessMessages.networkAdminsOnly) : undefined);
  }
}

/** A tablet (for its own location: see assertLocationAccess) or any staff member. */
export function assertSheetAccess<I extends Identity>(
  identity: I,
): Exclude<I, { kind: "anonymous" }> {
  assertAccess("sheet", identity);
  return identity as Exclude<I, { kind: "anonymous" }>;
}

/** A logged-in person (session or API token); tablets are not staff. The report is staff only. */
export function assertStaff(identity: Identity): Extract<Identity, { kind: "user" }> {
  assertAccess("staff", identity);
  return identity as Extract<Identity, { kind: "user" }>;
}

export function assertAdmin(identity: Identity): User {
  assertAccess("admin", identity);
  return (identity as Extract<Identity, { kind: "user" }>).user;
}

/** A network admin, or the admin of one location or more. */
export function assertSiteAdmin(identity: Identity): User {
  assertAccess("siteAdmin", identity);
  return (identity as Extract<Identity, { kind: "user" }>).user;
}

/** Deactivating oneself would lock the last admin out as easily as anyone. */
export function assertMayDeactivate(caller: User, userId: number): void {
  if (caller.id === userId) throw forbidden(say(accessMessages.cannotDeactivateSelf));
}

/**
 * A tablet may only touch its own location's visits (403: it knows its location); staff only their
 * locations', and another location is as if it did not exist (404, `what` not found), so ids do
 * not tell what exists.
 */
export function assertLocationAccess(identity: Identity, locationId: number, what = "Location") {
  if (identity.kind === "tablet" && identity.locationId !== locationId)
    throw forbidden(say(accessMessages.otherLocationTablet));
  if (identity.kind === "user" && roleAt(identity.access, locationId) === undefined)
    throw notFound(what);
}

/**
 * A location's own settings, and what is its own: its admin's (a network admin's, any one's).
 * Another location is as if it did not exist (404); one the caller holds as staff alone is 403.
 */
export function assertAdministers(identity: Identity, locationId: number, what = "Location"): void {
  assertLocationAccess(identity, locationId, what);
  if (identity.kind === "user" && roleAt(identity.access, locationId) !== "admin")
    throw forbidden(say(accessMessages.adminsOnly));
}

/**
 * A row the network or one location owns (kernel/owned-rows.ts: a program, an intake question, a
 * webhook): the network's is a network admin's to make and change (403 to anyone else), a
 * location's own its admins' (another location's own is as if it did not exist).
 */
export function assertMayChangeOwnedRow(
  identity: Identity,
  ownLocationId: number | null,
  what: string,
): void {
  if (ownLocationId === null) assertAdmin(identity);
  else assertAdministers(identity, ownLocationId, what);
}

/**
 * A change that may give an owned row another owner (`to`, left out: keeps its owner): changing
 * the row is as above, and moving it to the network or to another location is a network admin's
 * alone (403 to a site admin, even between two locations they administer).
 */
export function assertMayChangeOwner(
  identity: Identity,
  from: number | null,
  to: number | null | undefined,
  what: string,
): void {
  assertMayChangeOwnedRow(identity, from, what);
  if (to !== undefined && to !== from) assertAdmin(identity);
}

/**
 * A list's filters for the caller: a location it names that the caller does not hold is 404; with
 * none named, the caller's locations alone (`locationIds`, left out for every location).
 */
export function withinCallerLocations<F extends { locationId?: number | undefined }>(
  identity: Identity,
  filters: F,
): F & { locationIds?: readonly number[] } {
  if (filters.locationId !== undefined) {
    assertLocationAccess(identity, filters.locationId);
    return filters;
  }
  const held = heldLocationIds(identity);
  return held ? { ...filters, locationIds: held } : filters;
}

/** The same for what a site admin reads of their locations alone (the audit log). */
export function withinAdministeredLocations<F extends { locationId?: number | undefined }>(
  access: LocationAccess,
  filters: F,
): F & { locationIds?: readonly number[] } {
  if (filters.locationId !== undefined) {
    if (roleAt(access, filters.locationId) !== "admin") throw notFound("Location");
    return filters;
  }
  const administered = administeredLocationIds(access);
  return administered ? { ...filters, locationIds: administered } : filters;
}

/**
 * A tablet's own calls (its sheet, sign-in, sign-out): staff, a tablet, or a tablet's claim, which
 * the call's statement checks (a disconnected tablet's is refused there, with the same 401).
 */
export function assertTabletCallAccess<C extends Caller>(
  caller: C,
): Exclude<C, { kind: "anonymous" }> {
  if (caller.kind !== "tabletClaim") assertSheetAccess(caller);
  return caller as Exclude<C, { kind: "anonymous" }>;
}

/** The 401 of a tablet that staff disconnected (or whose location was archived). */
export const tabletDisconnected = () => noIdentity({ kind: "anonymous", rejectedTablet: true });

export type VisitView = <V extends { LastName: string; PhoneNumber: string }>(visit: V) => V;
const wholeVisit: VisitView = (visit) => visit;

/**
 * What of a visit the caller sees: staff and scripts all of it; a tablet (anyone else) only what
 * its sheet shows, the first name, the last name's initial and the phone's last four digits
 * (sheetVisit). Applied to a tablet call's answers (tabletCallProcedure) and to live events.
 */
export function visitView(identity: Caller): VisitView {
  if (identity.kind === "tabletClaim") return sheetVisit;
  return identity.kind === "user" ? wholeVisit : sheetVisit;
}

/** A location's live stream: a tablet its own location's, staff their locations'. */
export function assertMayWatchLocation(identity: Identity, locationId: number) {
  const caller = assertSheetAccess(identity);
  assertLocationAccess(caller, locationId);
  return caller;
}

/** Accounts: your own, or anyone's as an admin (a site admin's: see accounts/managed-users.ts). */
export function assertSelfOrAdmin(caller: User, userId: number): void {
  if (caller.id !== userId && !caller.is_admin) throw forbidden(say(accessMessages.ownAccountOnly));
}

/**
 * Accounts: your own, anyone's as a network admin, and as a site admin those of the staff of your
 * locations (`manages`: accounts/user-access.ts's managedUsers).
 */
export function assertSelfOrManager(caller: User, userId: number, manages: boolean): void {
  if (caller.id !== userId && !caller.is_admin && !manages)
    throw forbidden(say(accessMessages.ownAccountOnly));
}

/** A site admin gives roles at the locations they administer alone, and never makes a network admin. */
export function assertMayGrant(
  access: LocationAccess,
  grant: { isAdmin?: boolean | undefined; locationIds: readonly number[] },
): void {
  if (access.every === "admin") return;
  if (grant.isAdmin) throw forbidden(say(accessMessages.networkAdminsOnly));
  if (grant.locationIds.some((id) => roleAt(access, id) !== "admin"))
    throw forbidden(say(accessMessages.notYourSite));
}

/** API tokens: revoke your own, or anyone's as an admin. */
export function assertTokenOwnerOrAdmin(caller: User, tokenUserId: number): void {
  if (caller.id !== tokenUserId && !caller.is_admin)
    throw forbidden(say(accessMessages.ownTokensOnly));
}

/** Everyone's API tokens are listed to admins only. */
export function assertMayListAllTokens(caller: User): void {
  if (!caller.is_admin) throw forbidden(say(accessMessages.everyonesTokensAdminsOnly));
}

/** isAdmin and isActive in an update count only from an admin; from anyone else they are ignored, not an error. */
export function mayManageAccounts(caller: User): boolean {
  return caller.is_admin;
}

type UserIdentity = Extract<Identity, { kind: "user" }>;

/** A leaked API token must not mint more tokens nor revoke its owner's: tokens are made in a browser. */
export function assertMayManageTokens(identity: UserIdentity): void {
  if (identity.via === "token") throw forbidden(say(accessMessages.tokenCannotManageTokens));
}

/** Nor take the account over: a token never changes a password or an email, anyone's. */
export function assertMayChangeCredentials(identity: UserIdentity): void {
  if (identity.via === "token") throw forbidden(say(accessMessages.tokenCannotChangeLogin));
}

/**
 * One's own email or password needs proof that it is still the owner: the current password, or a
 * login within sudoWindowMinutes ("sudo mode"). An admin setting another user's does not (it is audited).
 */
export function mustReauthenticate(caller: User, userId: number): boolean {
  return caller.id === userId;
}

/** Without the current password: a session whose password was typed within the window. */
export function assertRecentLogin(identity: UserIdentity, now: Date): void {
  const recent =
    identity.via === "session" &&
    now.getTime() - identity.authenticatedAt.getTime() < sudoWindowMinutes * 60_000;
  if (!recent) throw forbidden(reauthenticateMessage);
}
