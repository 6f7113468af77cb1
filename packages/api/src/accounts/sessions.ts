import { sql, type Kysely } from "kysely";
import type { Database, Executor, User } from "@vsi/db";
import { generateToken, hashToken } from "../kernel/tokens.ts";
import { locationRolesOfUser, type LocationRoleRow } from "./location-roles.ts";

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY;
// Sliding expiry: a session used in its second half is pushed out to a full 30 days again.
const RENEW_WITHIN_MS = 15 * DAY;

export interface SessionValidation {
  user: User;
  /** Their roles at named locations (kernel/permissions.ts's locationAccess reads them). */
  roles: LocationRoleRow[];
  sessionId: string;
  expiresAt: Date;
  renewed: boolean;
  /** When its user typed the password that started it (the session's creation). */
  authenticatedAt: Date;
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db
    .insertInto("sessions")
    // created_at from the server's clock: it is the session's authentication time (sudo mode).
    .values({ id: hashToken(token), user_id: userId, expires_at: expiresAt, created_at: now })
    .execute();
  return { token, expiresAt };
}

/**
 * The session's user, in one statement with its upkeep: an expired session is deleted, and one in
 * the second half of its life is pushed out to a full 30 days again.
 */
export async function validateSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<SessionValidation | undefined> {
  const sessionId = hashToken(token);
  const renewedUntil = new Date(now.getTime() + SESSION_LIFETIME_MS);
  const { rows } = await sql<
    User & {
      session_expires_at: Date;
      session_created_at: Date;
      renewed_expires_at: Date | null;
      location_roles: LocationRoleRow[];
    }
  >`
    with s as (
      select sessions.id, sessions.user_id, sessions.expires_at, sessions.created_at from sessions inner join users on users.id = sessions.user_id
      where sessions.id = ${sessionId} and users.deactivated_at is null
    ), renewed as (
      update sessions set expires_at = ${renewedUntil}::timestamptz from s
      where sessions.id = s.id and s.expires_at > ${now}::timestamptz and s.expires_at < ${new Date(now.getTime() + RENEW_WITHIN_MS)}::timestamptz
      returning sessions.expires_at
    ), expired as (
      delete from sessions using s where sessions.id = s.id and s.expires_at <= ${now}::timestamptz returning sessions.id
    )
    select users.*, s.expires_at as session_expires_at, s.created_at as session_created_at, (select expires_at from renewed) as renewed_expires_at,
      ${locationRolesOfUser} as location_roles
    from s inner join users on users.id = s.user_id
  `.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { session_expires_at, session_created_at, renewed_expires_at, location_roles, ...user } =
    row;
  if (session_expires_at.getTime() <= now.getTime()) return undefined;
  const found = { user, roles: location_roles, sessionId, authenticatedAt: session_created_at };
  if (renewed_expires_at) return { ...found, expiresAt: renewed_expires_at, renewed: true };
  return { ...found, expiresAt: session_expires_at, renewed: false };
}

/** Ends a user's sessions, but the one given (the browser that changed the password keeps going). */
export async function deleteUserSessions(
  db: Executor,
  userId: number,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .$if(exceptSessionId !== undefined, (qb) => qb.where("id", "!=", exceptSessionId!))
    .execute();
}

export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}
