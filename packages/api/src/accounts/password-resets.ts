import type { Database, Executor } from "@vsi/db";
import type { Kysely } from "kysely";
import { gone, HttpError } from "../kernel/errors.ts";
import { hashPassword } from "./passwords.ts";
import { deleteUserSessions } from "./sessions.ts";
import { generateToken, hashToken } from "../kernel/tokens.ts";
import { say, accountMessages } from "../kernel/messages.ts";

export const RESET_LIFETIME_HOURS = 48;

export const resetLinkInvalidMessage = say(accountMessages.resetLinkInvalid);
export const resetLinkExpiredMessage = say(accountMessages.resetLinkExpired);
export const resetLinkUsedMessage = say(accountMessages.resetLinkUsed);

/** The reset a link's token names, if it can still be used: 404 unknown, 410 used or expired. */
export async function findUsableReset(
  db: Executor,
  token: string,
  now: Date,
  { lock = false } = {},
) {
  const reset = await db
    .selectFrom("password_resets")
    .select(["id", "user_id", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!reset) throw new HttpError(404, resetLinkInvalidMessage);
  if (reset.used_at) throw gone(resetLinkUsedMessage);
  if (reset.expires_at.getTime() <= now.getTime()) throw gone(resetLinkExpiredMessage);
  return reset;
}

/** A new reset link's token for the user; the table keeps its hash. */
export async function createPasswordReset(
  db: Executor,
  userId: number,
  now: Date,
): Promise<string> {
  const token = generateToken();
  await db
    .insertInto("password_resets")
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + RESET_LIFETIME_HOURS * 3_600_000),
    })
    .execute();
  return token;
}

/**
 * After any change of a user's password (a reset link, My Account, an admin, create-admin): whoever
 * knew the old one is logged out, but for `keepSessionId` (the browser that changed it), and no
 * reset link sent before works any more (it reads as expired).
 */
export async function afterPasswordChange(
  db: Executor,
  userId: number,
  now: Date,
  keepSessionId?: string,
): Promise<void> {
  await deleteUserSessions(db, userId, keepSessionId);
  await db
    .updateTable("password_resets")
    .set({ expires_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .execute();
}

/** Sets the password a usable link is for, uses the link up, and ends the user's sessions and other links. */
export async function resetPassword(
  db: Kysely<Database>,
  token: string,
  password: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Locked: of two requests with one link, the second waits, then finds it used.
    const reset = await findUsableReset(trx, token, now, { lock: true });
    await trx
      .updateTable("users")
      .set({ password_hash: await hashPassword(password), updated_at: now })
      .where("id", "=", reset.user_id)
      .execute();
    await trx
      .updateTable("password_resets")
      .set({ used_at: now })
      .where("id", "=", reset.id)
      .execute();
    // Whoever knew the old password is logged out everywhere.
    await afterPasswordChange(trx, reset.user_id, now);
  });
}
