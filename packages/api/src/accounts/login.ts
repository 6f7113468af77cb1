import type { Context } from "../kernel/context.ts";
import { rateLimitsOf } from "../kernel/rate-limit.ts";
import { cookieNames, deviceCookieMaxAge } from "../kernel/cookies.ts";
import type { UserWithPicture } from "./mappers.ts";
import { deviceNonce, newDeviceCookie } from "./device-cookies.ts";
import { loginSucceeded, takeLoginAttempt } from "./login-attempts.ts";
import { verifyAgainstNothing, verifyPassword } from "./passwords.ts";
import { createSession, deleteSession } from "./sessions.ts";
import { findUserByEmail } from "./users.ts";

// A procedure's side of a browser session: the row through the sessions service, the cookie
// through the context. Services never see the context; this is the one place the two meet.

/**
 * The active user with this email and password, or undefined; every attempt is limited (429), by
 * the browser's device cookie for the account when it carries one, else by email and address. The
 * right password gives the browser a new device cookie.
 */
export async function checkPassword(
  ctx: Context,
  email: string,
  password: string,
): Promise<UserWithPicture | undefined> {
  const now = ctx.services.now();
  const { secret } = ctx.services.config;
  const user = await findUserByEmail(ctx.db, email);
  const attempt = {
    email,
    address: ctx.ip,
    device: deviceNonce(secret, ctx.cookies[cookieNames.device], user?.id),
  };
  await takeLoginAttempt(ctx.db, attempt, now, rateLimitsOf(ctx.services.config));
  const ok = user
    ? await verifyPassword(user.password_hash, password)
    : await verifyAgainstNothing(password);
  // A deactivated user hears what a wrong password hears: nothing tells the two apart.
  if (!user || !ok || user.deactivated_at) return undefined;
  await loginSucceeded(ctx.db, attempt, now);
  ctx.setCookie(cookieNames.device, newDeviceCookie(secret, user.id), "secret", deviceCookieMaxAge);
  return user;
}

/** Starts a browser session for the user: login, invite acceptance, registration. */
export async function logIn(ctx: Context, userId: number): Promise<void> {
  const session = await createSession(ctx.db, userId, ctx.services.now());
  ctx.startSession(session.token, session.expiresAt);
}

/** Ends the caller's browser session, if any; API tokens and tablets are not sessions. */
export async function logOut(ctx: Context): Promise<void> {
  if (ctx.identity.kind === "user" && ctx.identity.via === "session") {
    await deleteSession(ctx.db, ctx.identity.sessionId);
  }
  ctx.clearCookie(cookieNames.session);
}
