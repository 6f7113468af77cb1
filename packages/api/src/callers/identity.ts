import type { Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { bearerToken } from "../kernel/bearer.ts";
import type { Identity } from "../kernel/identity.ts";
import { cookieNames } from "../kernel/cookies.ts";
import { apiTokenOwner } from "../accounts/api-tokens.ts";
import { validateSession } from "../accounts/sessions.ts";
import { findLiveTablet } from "../tablets/queries.ts";

export interface IdentitySource {
  authorization: string | undefined;
  cookies: Record<string, string | undefined>;
}

/** The caller, checked: a bearer token first, then the session cookie, then a tablet's cookie. */
export async function resolveIdentity(
  db: Kysely<Database>,
  source: IdentitySource,
  now: Date,
): Promise<Identity> {
  const bearer = bearerToken(source.authorization);
  if (bearer) {
    const owner = await apiTokenOwner(db, bearer, now);
    return owner
      ? { kind: "user", user: owner.user, via: "token", apiTokenId: owner.apiTokenId }
      : { kind: "anonymous", rejectedToken: true };
  }

  const sessionToken = source.cookies[cookieNames.session];
  if (sessionToken) {
    const session = await validateSession(db, sessionToken, now);
    if (session) {
      return {
        kind: "user",
        user: session.user,
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
    const tablet = await findLiveTablet(db, sheetToken, now);
    // A tablet whose token no longer works was disconnected by staff, and its page must say so.
    return tablet ? { kind: "tablet", ...tablet } : { kind: "anonymous", rejectedTablet: true };
  }

  return { kind: "anonymous" };
}
