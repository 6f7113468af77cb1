import type { Kysely } from "kysely";
import type { Database, User } from "@vsi/db";
import { bearerToken } from "./http/bearer.ts";
import { cookieNames } from "./http/cookies.ts";
import { validateSession } from "./services/sessions.ts";
import { findTablet } from "./services/tablets.ts";
import { hashToken } from "./services/tokens.ts";

/** Who is calling: one of four identities. */
export type Identity =
  /** rejectedToken: a bearer token was sent but is unknown or revoked, which a script must hear about. */
  /** rejectedTablet: a sheet token was sent but its tablet was disconnected (or its location archived). */
  | { kind: "anonymous"; rejectedToken?: true; rejectedTablet?: true }
  | { kind: "tablet"; tabletId: number; locationId: number }
  | { kind: "user"; user: User; via: "session"; sessionId: string; sessionRenewal?: { token: string; expiresAt: Date } }
  | { kind: "user"; user: User; via: "token"; apiTokenId: number };

export interface IdentitySource {
  authorization: string | undefined;
  cookies: Record<string, string | undefined>;
}

export async function resolveIdentity(db: Kysely<Database>, source: IdentitySource, now: Date): Promise<Identity> {
  const bearer = bearerToken(source.authorization);
  if (bearer) {
    const row = await db
      .updateTable("api_tokens")
      .set({ last_used_at: now })
      .where("token_hash", "=", hashToken(bearer))
      .where("revoked_at", "is", null)
      .returning(["id", "user_id"])
      .executeTakeFirst();
    if (!row) return { kind: "anonymous", rejectedToken: true };
    const user = await db.selectFrom("users").selectAll().where("id", "=", row.user_id).where("deactivated_at", "is", null).executeTakeFirst();
    return user ? { kind: "user", user, via: "token", apiTokenId: row.id } : { kind: "anonymous", rejectedToken: true };
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
        ...(session.renewed ? { sessionRenewal: { token: sessionToken, expiresAt: session.expiresAt } } : {}),
      };
    }
  }

  const sheetToken = source.cookies[cookieNames.sheetToken];
  if (sheetToken) {
    const tablet = await findTablet(db, sheetToken, now);
    // A tablet whose token no longer works was disconnected by staff, and its page must say so.
    return tablet ? { kind: "tablet", tabletId: tablet.id, locationId: tablet.location_id } : { kind: "anonymous", rejectedTablet: true };
  }

  return { kind: "anonymous" };
}
