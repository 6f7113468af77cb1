import { sql, type Kysely } from "kysely";
import type { Database, Executor } from "@vsi/db";
import { tooManyRequests } from "./errors.ts";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowMs: number;
}

// Counters live in PostgreSQL, not in memory, so several server processes share them.
export const limits = {
  // Strict per email and address, loose per email from everywhere: a stranger cannot lock an account.
  loginFailuresPerPair: { max: 10, windowMs: 15 * 60_000 },
  loginFailuresPerEmail: { max: 100, windowMs: 15 * 60_000 },
  loginFailuresPerAddress: { max: 50, windowMs: 15 * 60_000 },
  // A browser that logged in to the account before (its device cookie): counted apart from the above.
  loginFailuresPerDevice: { max: 10, windowMs: 15 * 60_000 },
  resetRequestsPerEmail: { max: 5, windowMs: 60 * 60_000 },
  resetRequestsPerAddress: { max: 20, windowMs: 60 * 60_000 },
  // A caller is a location (all its tablets, from any address) or a staff member: permissions.ts lookupScope.
  phoneLookupsPerCaller: { max: 60, windowMs: 60_000 },
  // The door's poster is public: each address has its budget, apart from tablets'. A code's own
  // budget is spent by accepted sign-ins alone; what a stranger can spend (lookups, refused
  // sign-ins) is counted per address and code, so no address spends another's.
  doorCallsPerAddress: { max: 60, windowMs: 60_000 },
  doorSignInsPerCode: { max: 120, windowMs: 60_000 },
  doorRefusalsPerAddressPerCode: { max: 10, windowMs: 60_000 },
  doorLookupsPerAddressPerCode: { max: 10, windowMs: 60_000 },
  // A phone reading its own visit as the line moves spends its visit's budget, not its address's:
  // a waiting room's phones share the site's one address.
  doorReadsPerVisit: { max: 60, windowMs: 60_000 },
} satisfies Record<string, Limit>;

export type RateLimits = typeof limits;

/** The limits this server counts against: its configuration's, else the ones above. */
export const rateLimitsOf = (config: { rateLimits?: RateLimits | undefined }): RateLimits =>
  config.rateLimits ?? limits;

export type LimitEntry = readonly [key: string, limit: Limit];
/**
 * Counts a hit on every key in one statement and decides on the counts it returns, so parallel
 * requests cannot all pass a check before any of them counts.
 */
async function countHits(db: Executor, entries: readonly LimitEntry[], now: Date) {
  const rows = await db
    .insertInto("rate_limits")
    .values(
      entries.map(([key, limit]) => ({
        key,
        hits: 1,
        reset_at: new Date(now.getTime() + limit.windowMs),
      })),
    )
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql<Date>`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(["key", "hits", "reset_at"])
    .execute();
  const exceeded = rows.filter(
    (row) => row.hits > entries.find(([key]) => key === row.key)![1].max,
  );
  if (exceeded.length) {
    throw tooManyRequests(
      Math.max(...exceeded.map((row) => row.reset_at.getTime() - now.getTime())) / 1000,
    );
  }
}

/**
 * Takes one hit from each key's allowance, or throws 429 (with Retry-After) and takes none: with
 * several keys, the refused count is rolled back, so one key's 429 spends no other key's allowance.
 */
export async function take(
  db: Kysely<Database>,
  entries: readonly LimitEntry[],
  now: Date,
): Promise<void> {
  // One order for every caller, so two requests locking the same rows cannot deadlock.
  const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 1) return countHits(db, sorted, now);
  await db.transaction().execute((trx) => countHits(trx, sorted, now));
}

/** Gives back one hit per key (an attempt that turned out not to be a failure). */
export async function giveBack(
  db: Kysely<Database>,
  keys: readonly string[],
  now: Date,
): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where("key", "in", keys)
    .where("reset_at", ">", now)
    .execute();
}
