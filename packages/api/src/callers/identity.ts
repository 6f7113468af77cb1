import type { Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { bearerToken } from "../kernel/bearer.ts";
import type { Caller, Identity, TabletClaim } from "../kernel/identity.ts";
import { hashToken } from "../kernel/tokens.ts";
import { cookieNames } from "../kernel/cookies.ts";
import { apiTokenOwner } from "../accounts/api-tokens.ts";
import { validateSession } from "../accounts/sessions.ts";
import { findLiveTablet } from "../tablets/queries.ts";
import { locationAccess } from "../kernel/permissions.ts";

export interface IdentitySource {
  authorization: string | undefined;
  cookies: Record<string, string | undefined>;
}

/**
 * The caller: a bearer token first, then the session cookie, then a tablet's cookie, each checked
 * by one statement (a user's with their locations, resolved here for the whole request). With `tablets: "claim"` (the procedure transports) a tablet's cookie is passed
 * on as a claim, checked by the call's own statement or by checkTabletClaim.
 */
export async function resolveIdentity(
  db: Kysely<Database>,
  source: IdentitySource,
  now: Date,
  tablets?: "check",
): Promise<Identity>;
export async function resolveIdentity(
  db: Kysely<Database>,
  source: IdentitySource,
  now: Date,
  tablets: "claim",
): Promise<Caller>;
export async function resolveIdentity(
  db: Kysely<Database>,
  source: IdentitySource,
  now: Date,
  tablets: "check" | "claim" = "check",
): Promise<Caller> {
  const bearer = bearerToken(source.authorization);
  if (bearer) {
    const owner = await apiTokenOwner(db, bearer, now);
    return owner
      ? {
          kind: "user",
          user: owner.user,
          // A token acts with its owner's locations.
          access: locationAccess(owner.user, owner.roles),
          via: "token",
          apiTokenId: owner.apiTokenId,
        }
      : { kind: "anonymous", rejectedToken: true };
  }

  const sessionToken = source.cookies[cookieNames.session];
  if (sessionToken) {
    const session = await validateSession(db, sessionToken, now);
    if (session) {
      return {
        kind: "user",
        user: session.user,
        access: locationAccess(session.user, session.roles),
        via: "session",
        sessionId: session.sessionId,
        authenticatedAt: session.authenticatedAt,
        ...(session.renewed
          ? { sessionRenewal: { token: sessionToken, expiresAt: session.expiresAt } }
          : {}),
      };
    }
  }

  const sheetToken = source.cookies[cookieNames.sheetToken];
  if (sheetToken) {
    const claim: TabletClaim = { kind: "tabletClaim", tokenHash: hashToken(sheetToken) };
    return tablets === "claim" ? claim : checkTabletClaim(db, claim, now);
  }

  return { kind: "anonymous" };
}

/** A tablet's claim checked on its own: the live tablet, or a caller told it was disconnected. */
export async function checkTabletClaim(
  db: Kysely<Database>,
  claim: TabletClaim,
  now: Date,
): Promise<Identity> {
  const tablet = await findLiveTablet(db, claim.tokenHash, now);
  // A tablet whose token no longer works was disconnected by staff, and its page must say so.
  return tablet
    ? { kind: "tablet", ...tablet, tokenHash: claim.tokenHash }
    : { kind: "anonymous", rejectedTablet: true };
}
