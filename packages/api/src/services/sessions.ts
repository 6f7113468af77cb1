import type { Kysely } from "kysely";
import type { Database, Executor, User } from "@vsi/db";
import { generateToken, hashToken } from "./tokens.ts";

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY;
// Sliding expiry: a session used in its second half is pushed out to a full 30 days again.
const RENEW_WITHIN_MS = 15 * DAY;

export interface SessionValidation {
  user: User;
  sessionId: string;
  expiresAt: Date;
  renewed: boolean;
}

export async function createSession(db: Kysely<Database>, userId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insertInto("sessions").values({ id: hashToken(token), user_id: userId, expires_at: expiresAt }).execute();
  return { token, expiresAt };
}

export async function validateSession(db: Kysely<Database>, token: string, now: Date): Promise<SessionValidation | undefined> {
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select(["sessions.expires_at as session_expires_at"])
    .where("sessions.id", "=", sessionId)
    .where("users.deactivated_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_expires_at, ...user } = row;
  if (session_expires_at.getTime() <= now.getTime()) {
    await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
    return undefined;
  }
  if (session_expires_at.getTime() - now.getTime() < RENEW_WITHIN_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    await db.updateTable("sessions").set({ expires_at: expiresAt }).where("id", "=", sessionId).execute();
    return { user, sessionId, expiresAt, renewed: true };
  }
  return { user, sessionId, expiresAt: session_expires_at, renewed: false };
}

/** Ends a user's sessions, but the one given (the browser that changed the password keeps going). */
export async function deleteUserSessions(db: Executor, userId: number, exceptSessionId?: string): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .$if(exceptSessionId !== undefined, (qb) => qb.where("id", "!=", exceptSessionId!))
    .execute();
}

export async function deleteSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}
