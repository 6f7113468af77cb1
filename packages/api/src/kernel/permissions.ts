import type { User } from "@vsi/db";
import { forbidden, unauthorized } from "./errors.ts";
import type { Caller, Identity } from "./identity.ts";
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

export type Access = "public" | "sheet" | "staff" | "admin";
export type IdentityKind = "anonymous" | "tablet" | "staff" | "admin";

/** Each access level against each kind of caller: "ok", or the status that refuses it. */
export const accessTable: Record<Access, Record<IdentityKind, "ok" | 401 | 403>> = {
  public: { anonymous: "ok", tablet: "ok", staff: "ok", admin: "ok" },
  sheet: { anonymous: 401, tablet: "ok", staff: "ok", admin: "ok" },
  staff: { anonymous: 401, tablet: 403, staff: "ok", admin: "ok" },
  admin: { anonymous: 401, tablet: 403, staff: 403, admin: "ok" },
};

export function identityKind(identity: Identity): IdentityKind {
  if (identity.kind !== "user") return identity.kind;
  return identity.user.is_admin ? "admin" : "staff";
}

function assertAccess(access: Access, identity: Identity): void {
  const kind = identityKind(identity);
  const verdict = accessTable[access][kind];
  if (verdict === 401) throw noIdentity(identity as Extract<Identity, { kind: "anonymous" }>);
  if (verdict === 403)
    throw forbidden(kind === "staff" ? say(accessMessages.adminsOnly) : undefined);
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

/** Deactivating oneself would lock the last admin out as easily as anyone. */
export function assertMayDeactivate(caller: User, userId: number): void {
  if (caller.id === userId) throw forbidden(say(accessMessages.cannotDeactivateSelf));
}

/** A tablet may only touch its own location's visits; staff may touch any. */
export function assertLocationAccess(identity: Identity, locationId: number): void {
  if (identity.kind === "tablet" && identity.locationId !== locationId)
    throw forbidden(say(accessMessages.otherLocationTablet));
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
  const kind = identityKind(identity);
  return kind === "staff" || kind === "admin" ? wholeVisit : sheetVisit;
}

/** A location's live stream: a tablet its own location's, staff any location's. */
export function assertMayWatchLocation(identity: Identity, locationId: number) {
  const caller = assertSheetAccess(identity);
  assertLocationAccess(caller, locationId);
  return caller;
}

/** Accounts: your own, or anyone's as an admin. */
export function assertSelfOrAdmin(caller: User, userId: number): void {
  if (caller.id !== userId && !caller.is_admin) throw forbidden(say(accessMessages.ownAccountOnly));
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
