import type { Context } from "./context.ts";
import { cookieNames } from "./http/cookies.ts";
import { createSession, deleteSession } from "./services/sessions.ts";

// A procedure's side of a browser session: the row through the sessions service, the cookie
// through the context. Services never see the context; this is the one place the two meet.

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
