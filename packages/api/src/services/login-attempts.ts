import type { Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { giveBack, limits, take, type LimitEntry } from "./rate-limit.ts";

function loginKeys(email: string, address: string) {
  const normalized = email.trim().toLowerCase();
  return {
    pair: `login:pair:${address}:${normalized}`,
    email: `login:email:${normalized}`,
    address: `login:address:${address}`,
  };
}

/**
 * Counts a login attempt as a failure before the password is checked (429 when a limit is spent),
 * so parallel guesses cannot all be checked; a success gives it back.
 */
export async function takeLoginAttempt(
  db: Kysely<Database>,
  email: string,
  address: string,
  now: Date,
): Promise<void> {
  const keys = loginKeys(email, address);
  const entries: LimitEntry[] = [
    [keys.pair, limits.loginFailuresPerPair],
    [keys.email, limits.loginFailuresPerEmail],
    [keys.address, limits.loginFailuresPerAddress],
  ];
  await take(db, entries, now);
}

/** After the right password: this address starts afresh for this email, and the attempt was no failure. */
export async function loginSucceeded(
  db: Kysely<Database>,
  email: string,
  address: string,
  now: Date,
): Promise<void> {
  const keys = loginKeys(email, address);
  await db.deleteFrom("rate_limits").where("key", "=", keys.pair).execute();
  await giveBack(db, [keys.email, keys.address], now);
}
