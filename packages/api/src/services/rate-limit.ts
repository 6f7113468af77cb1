import { sql, type Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { tooManyRequests } from "../errors.ts";

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowMs: number;
}

// Counters live in PostgreSQL, not in memory, so several server processes share them.
export const limits = {
  loginFailuresPerEmail: { max: 10, windowMs: 15 * 60_000 },
  loginFailuresPerAddress: { max: 50, windowMs: 15 * 60_000 },
  resetRequestsPerEmail: { max: 5, windowMs: 60 * 60_000 },
  resetRequestsPerAddress: { max: 20, windowMs: 60 * 60_000 },
  phoneLookupsPerCaller: { max: 60, windowMs: 60_000 },
} satisfies Record<string, Limit>;

/** Throws 429 (with Retry-After) when the key has used up its window, without counting a hit. */
export async function assertUnderLimit(db: Kysely<Database>, key: string, limit: Limit, now: Date): Promise<void> {
  const row = await db.selectFrom("rate_limits").select(["hits", "reset_at"]).where("key", "=", key).executeTakeFirst();
  if (row && row.reset_at.getTime() > now.getTime() && row.hits >= limit.max) {
    throw tooManyRequests((row.reset_at.getTime() - now.getTime()) / 1000);
  }
}

/** Counts one hit in the key's current window (a new window once the old one has passed). */
export async function recordHit(db: Kysely<Database>, key: string, limit: Limit, now: Date): Promise<number> {
  const resetAt = new Date(now.getTime() + limit.windowMs);
  const row = await db
    .insertInto("rate_limits")
    .values({ key, hits: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql<Date>`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning("hits")
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** Counts a hit and throws 429 once the window's allowance is exceeded. */
export async function consume(db: Kysely<Database>, key: string, limit: Limit, now: Date): Promise<void> {
  await assertUnderLimit(db, key, limit, now);
  await recordHit(db, key, limit, now);
}

/** Counts a hit on each key, after checking them all: one key's 429 spends none of the others' allowance. */
export async function consumeAll(db: Kysely<Database>, entries: ReadonlyArray<readonly [key: string, limit: Limit]>, now: Date): Promise<void> {
  for (const [key, limit] of entries) await assertUnderLimit(db, key, limit, now);
  for (const [key, limit] of entries) await recordHit(db, key, limit, now);
}

export async function resetLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
