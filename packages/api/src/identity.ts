import { sql, type Kysely } from "kysely";
import type { Database, User } from "@vsi/db";
import { bearerToken } from "./http/bearer.ts";
import { cookieNames } from "./http/cookies.ts";
import { validateSession } from "./services/sessions.ts";
import { findTabletByHash } from "./services/tablets.ts";
import { hashToken } from "./services/tokens.ts";

/** Who is calling: one of four identities. */
export type Identity =
  /** rejectedToken: a bearer token was sent but is unknown or revoked, which a script must hear about. */
  /** rejectedTablet: a sheet token was sent but its tablet was disconnected (or its location archived). */
  | { kind: "anonymous"; rejectedToken?: true; rejectedTablet?: true }
  | { kind: "tablet"; tabletId: number; locationId: number }
  /**
   * A tablet's cookie not checked yet: a procedure whose own statement checks it (one round trip
   * per call, see services/tablet-calls.ts) gets this; every other one gets it checked first.
   */
  | { kind: "sheetToken"; tokenHash: string }
  | {
      kind: "user";
      user: User;
      via: "session";
      sessionId: string;
      /** When the password that started the session was typed: recent enough allows sudo mode. */
      authenticatedAt: Date;
      sessionRenewal?: { token: string; expiresAt: Date };
    }
  | { kind: "user"; user: User; via: "token"; apiTokenId: number };

export interface IdentitySource {
  authorization: string | undefined;
  cookies: Record<string, string | undefined>;
}

export interface ResolveOptions {
  /** Leave a sheet token unchecked (kind "sheetToken"): the caller checks it, see verifyIdentity. */
  deferTablet?: boolean;
}

export async function resolveIdentity(
  db: Kysely<Database>,
  source: IdentitySource,
  now: Date,
  options: ResolveOptions = {},
): Promise<Identity> {
  const bearer = bearerToken(source.authorization);
  if (bearer) {
    // One statement: the token and its active owner, its last use noted when that is a minute old
    // (a write on every call made a script's concurrent calls queue on the token's row and each
    // wait for its own commit).
    const { rows } = await sql<User & { api_token_id: number }>`
      with token as (
        select id, user_id, last_used_at from api_tokens where token_hash = ${hashToken(bearer)} and revoked_at is null
      ), used as (
        update api_tokens set last_used_at = ${now}::timestamptz from token
        where api_tokens.id = token.id and (token.last_used_at is null or token.last_used_at < ${now}::timestamptz - interval '1 minute')
        returning api_tokens.id
      )
      select users.*, token.id as api_token_id from token inner join users on users.id = token.user_id where users.deactivated_at is null
    `.execute(db);
    const row = rows[0];
    if (!row) return { kind: "anonymous", rejectedToken: true };
    const { api_token_id, ...user } = row;
    return { kind: "user", user, via: "token", apiTokenId: api_token_id };
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
    const identity = { kind: "sheetToken", tokenHash: hashToken(sheetToken) } as const;
    return options.deferTablet ? identity : verifyIdentity(db, identity, now);
  }

  return { kind: "anonymous" };
}

/** The identity with a sheet token checked: its tablet, or the disconnected tablet's anonymous caller. */
export async function verifyIdentity(
  db: Kysely<Database>,
  identity: Identity,
  now: Date,
): Promise<Exclude<Identity, { kind: "sheetToken" }>> {
  if (identity.kind !== "sheetToken") return identity;
  const tablet = await findTabletByHash(db, identity.tokenHash, now);
  // A tablet whose token no longer works was disconnected by staff, and its page must say so.
  return tablet
    ? { kind: "tablet", tabletId: tablet.id, locationId: tablet.location_id }
    : { kind: "anonymous", rejectedTablet: true };
}
