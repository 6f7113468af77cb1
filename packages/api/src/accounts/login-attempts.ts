import type { Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { giveBack, take, type LimitEntry, type RateLimits } from "../kernel/rate-limit.ts";

export interface LoginAttempt {
  email: string;
  address: string;
  /** The nonce of the browser's device cookie for this account, if it carries one. */
  device: string | undefined;
}

function loginKeys({ email, address, device }: LoginAttempt) {
  const normalized = email.trim().toLowerCase();
  return {
    pair: `login:pair:${address}:${normalized}`,
    email: `login:email:${normalized}`,
    address: `login:address:${address}`,
    device: `login:device:${device}`,
  };
}

/**
 * Counts a login attempt as a failure before the password is checked (429 when a limit is spent),
 * so parallel guesses cannot all be checked; a success gives it back. A browser with the account's
 * device cookie counts against that cookie alone: strangers spending the email's limit do not lock
 * the owner out, and a cookie that keeps failing is locked itself.
 */
export async function takeLoginAttempt(
  db: Kysely<Database>,
  attempt: LoginAttempt,
  now: Date,
  limits: RateLimits,
): Promise<void> {
  const keys = loginKeys(attempt);
  const entries: LimitEntry[] = attempt.device
    ? [[keys.device, limits.loginFailuresPerDevice]]
    : [
        [keys.pair, limits.loginFailuresPerPair],
        [keys.email, limits.loginFailuresPerEmail],
        [keys.address, limits.loginFailuresPerAddress],
      ];
  await take(db, entries, now);
}

/**
 * After the right password: this address starts afresh for this email; a device cookie's attempt
 * is given back (the browser gets a new cookie, so a stolen copy of the old keeps its own count).
 */
export async function loginSucceeded(
  db: Kysely<Database>,
  attempt: LoginAttempt,
  now: Date,
): Promise<void> {
  const keys = loginKeys(attempt);
  if (attempt.device) return giveBack(db, [keys.device], now);
  await db.deleteFrom("rate_limits").where("key", "=", keys.pair).execute();
  await giveBack(db, [keys.email, keys.address], now);
}
