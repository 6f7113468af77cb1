import { sql, type Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { isoString } from "@vsi/db";
import { visitorDetailKeys } from "../kernel/visitor-details.ts";
import { webhookTestEventType } from "./schema.ts";
import { sendTimeoutMs, sendWebhook } from "./sender.ts";
import { webhookSignature } from "./signing.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** An event not delivered within this long after it happened is given up (failed). */
export const giveUpAfterMs = DAY_MS;
/** An endpoint whose every attempt has failed for this long is paused. */
export const pauseAfterFailingMs = 3 * DAY_MS;
/** A claimed delivery is another sender's to retry after this (its sender died mid-send). */
export const claimLeaseMs = sendTimeoutMs + 20_000;
/**
 * An endpoint whose attempts just failed is left alone this long (its events wait, each on its
 * own back-off too): a dead receiver costs one round of attempts per pause, not one per event.
 */
export const endpointPauseMs = 30_000;
/** How many sends one sender keeps going. */
export interface DeliveryLimits {
  /** In flight at once. */
  inFlight: number;
  /**
   * Of those, to one endpoint: a slow or dead receiver holds at most these, so it never holds up
   * the others' events.
   */
  perEndpoint: number;
  /** Claimed of one endpoint at a time; an endpoint with more than the rest of its share in flight waits. */
  perClaim: number;
}
export const deliveryLimits: DeliveryLimits = { inFlight: 200, perEndpoint: 100, perClaim: 50 };

/** After the nth failed attempt: 30 s, 1 min, 2 min, … doubling up to 4 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 4 * HOUR_MS);
}

interface Claimed {
  id: string;
  attempts: number;
  endpoint_id: number;
  message_id: string;
  type: string;
  data: Record<string, unknown>;
  event_at: Date;
  url: string;
  secret: string;
  include_personal_details: boolean;
}

/**
 * Claims due deliveries (each by one sender only: SKIP LOCKED, then a lease) and counts the attempt:
 * at most `perClaim` of each endpoint's, oldest first (an index range per endpoint, so
 * a slow endpoint's backlog is never read whole), none of the endpoints in `full`. A paused
 * endpoint's deliveries wait, but for a test an admin asked for.
 */
async function claimDue(
  db: Kysely<Database>,
  now: Date,
  limit: number,
  /** Endpoints already at their share of this sender's sends. */
  full: number[],
  perClaim: number,
): Promise<Claimed[]> {
  const unlocked = sql<boolean>`(d.locked_until is null or d.locked_until <= ${now})`;
  return db
    .with("candidates", (db) =>
      db
        .selectFrom("webhook_endpoints as e")
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom("webhook_deliveries as d")
              .select("d.id")
              .whereRef("d.endpoint_id", "=", "e.id")
              .where("d.state", "=", "pending")
              .where("d.next_attempt_at", "<=", now)
              .where(unlocked)
              .orderBy("d.next_attempt_at")
              .orderBy("d.id")
              .limit(perClaim)
              .as("c"),
          (join) => join.onTrue(),
        )
        .select("c.id")
        // Conditions on the endpoint alone: one that is paused or resting is not read at all.
        .where("e.enabled", "=", true)
        .where((eb) => eb.or([eb("e.retry_after", "is", null), eb("e.retry_after", "<=", now)]))
        .$if(full.length > 0, (qb) => qb.where("e.id", "not in", full))
        // A test an admin asked for goes whatever the endpoint's state.
        .unionAll(
          db
            .selectFrom("webhook_events as ev")
            .innerJoin("webhook_deliveries as d", "d.event_id", "ev.id")
            .select("d.id")
            .where("ev.type", "=", webhookTestEventType)
            .where("d.state", "=", "pending")
            .where("d.next_attempt_at", "<=", now)
            .where(unlocked),
        ),
    )
    .with("due", (db) =>
      db
        .selectFrom("webhook_deliveries as d")
        .select("d.id")
        .where("d.id", "in", (eb) => eb.selectFrom("candidates").select("candidates.id"))
        .where("d.state", "=", "pending")
        .where(unlocked)
        .orderBy("d.next_attempt_at")
        .orderBy("d.id")
        .limit(limit)
        .forUpdate("d")
        .skipLocked(),
    )
    .with("claimed", (db) =>
      db
        .updateTable("webhook_deliveries")
        .from("due")
        .set((eb) => ({
          locked_until: new Date(now.getTime() + claimLeaseMs),
          attempts: eb("webhook_deliveries.attempts", "+", 1),
        }))
        .whereRef("webhook_deliveries.id", "=", "due.id")
        .returning([
          "webhook_deliveries.id",
          "webhook_deliveries.attempts",
          "webhook_deliveries.endpoint_id",
          "webhook_deliveries.event_id",
        ]),
    )
    .selectFrom("claimed")
    .innerJoin("webhook_events as ev", "ev.id", "claimed.event_id")
    .innerJoin("webhook_endpoints as e", "e.id", "claimed.endpoint_id")
    .select([
      "claimed.id",
      "claimed.attempts",
      "claimed.endpoint_id",
      "ev.message_id",
      "ev.type",
      "ev.data",
      "ev.created_at as event_at",
      "e.url",
      "e.secret",
      "e.include_personal_details",
    ])
    .execute();
}

/** Every endpoint gets the visitor's first name (and the last name's initial), as the sheet shows them. */
const personalFields = visitorDetailKeys.filter((key) => key !== "firstName");

/**
 * What an endpoint receives of a visit: without personal details, its ids, place, program, times,
 * the first name and the last name's initial; with them, the names, phone, temperature and answers.
 */
export function payloadData(
  data: Record<string, unknown>,
  includePersonalDetails: boolean,
): Record<string, unknown> {
  if (!("firstName" in data)) return data;
  const lastName = typeof data.lastName === "string" ? data.lastName : "";
  const view: Record<string, unknown> = { ...data, lastInitial: lastName.slice(0, 1) };
  // The answers are kept as the endpoint receives them: each value by its question's id.
  if (!includePersonalDetails) for (const field of personalFields) delete view[field];
  return view;
}

/** The body every attempt of an event to an endpoint sends, byte for byte (Standard Webhooks). */
export function webhookBody(
  claimed: Pick<Claimed, "type" | "data" | "event_at" | "include_personal_details">,
): string {
  return JSON.stringify({
    type: claimed.type,
    timestamp: isoString(claimed.event_at),
    data: payloadData(claimed.data, claimed.include_personal_details),
  });
}

interface Outcome {
  claimed: Claimed;
  at: Date;
  result: { status: number | null; durationMs: number; response: string };
}

const succeeded = ({ result }: Outcome) =>
  result.status !== null && result.status >= 200 && result.status < 300;

/**
 * Attempts' outcomes written together, in one statement however many (its round trip waits for
 * a connection behind the sign-ins' under load, so the fewer the better): the attempts, each
 * delivery's next step, and each endpoint's health (a success clears its failing; failures only
 * start it, and 3 days of them pause it).
 */
async function recordAttempts(db: Kysely<Database>, outcomes: Outcome[]): Promise<void> {
  if (!outcomes.length) return;
  const rows = sql.join(
    outcomes.map((outcome) => {
      const { claimed, at, result } = outcome;
      const nextAt = new Date(at.getTime() + retryDelayMs(claimed.attempts));
      const givenUp = nextAt.getTime() > claimed.event_at.getTime() + giveUpAfterMs;
      const ok = succeeded(outcome);
      const state = ok ? "delivered" : givenUp ? "failed" : "pending";
      return sql`(${claimed.id}::bigint, ${claimed.endpoint_id}::int, ${claimed.attempts}::int,
        ${at}::timestamptz, ${result.status}::int, ${result.durationMs}::int, ${result.response}::text,
        ${ok}::boolean, ${state}::text, ${state === "pending" ? nextAt : at}::timestamptz,
        ${state === "pending" ? null : at}::timestamptz)`;
    }),
  );
  const pauseAfter = sql`${pauseAfterFailingMs}::int * interval '1 millisecond'`;
  const endpointPause = sql`${endpointPauseMs}::int * interval '1 millisecond'`;
  await sql`
    with v (delivery_id, endpoint_id, attempt, at, status, duration_ms, response, ok, state, next, finished)
      as (values ${rows}),
    attempts as (
      insert into webhook_attempts (delivery_id, endpoint_id, attempt, at, status, duration_ms, response)
      select delivery_id, endpoint_id, attempt, at, status, duration_ms, response from v
    ),
    deliveries as (
      update webhook_deliveries d
      set state = v.state, locked_until = null, next_attempt_at = v.next, finished_at = v.finished
      from v where d.id = v.delivery_id
    ),
    health as (
      select endpoint_id, bool_or(ok) as any_ok, max(at) as last_at from v group by endpoint_id
    ),
    judged as (
      select e.id, h.any_ok, h.last_at,
        not h.any_ok and e.enabled
          and coalesce(e.failing_since, h.last_at) <= h.last_at - ${pauseAfter} as pauses
      from webhook_endpoints e join health h on h.endpoint_id = e.id
    )
    update webhook_endpoints e
    set failing_since = case when j.any_ok then null else coalesce(e.failing_since, j.last_at) end,
      retry_after = case when j.any_ok then null else j.last_at + ${endpointPause} end,
      enabled = case when j.pauses then false else e.enabled end,
      paused_for_failures_at = case when j.pauses then j.last_at else e.paused_for_failures_at end
    from judged j where e.id = j.id
  `.execute(db);
}

export interface DeliveryRun {
  /** The run's clock: what is due by then is sent; attempts are dated from it. */
  now: Date;
  allowPrivate: boolean;
  timeoutMs?: number;
  /** True once the server is shutting down: nothing more is claimed. */
  stopping?: () => boolean;
  /** `deliveryLimits` unless said (a test's smaller numbers reach the same limits sooner). */
  limits?: DeliveryLimits;
  /**
   * Settles when new deliveries may be due (their notification): a run waiting on slow sends
   * looks again then, instead of when one of them ends.
   */
  woken?: () => Promise<void>;
}

/**
 * Sends what is due until nothing is, as a pipeline: up to `limits.inFlight` sends at once (at
 * most `limits.perEndpoint` to one endpoint), more claimed as they finish, and what finished
 * recorded together; each delivery signed afresh with its attempt's timestamp and the same
 * webhook-id. `stopping` ends the claiming (the sends under way finish and are recorded). Returns
 * how many attempts were made and when the next pending one is due (null: none), for the
 * sender's timer.
 */
export async function deliverDue(
  db: Kysely<Database>,
  run: DeliveryRun,
): Promise<{ attempted: number; nextDueAt: Date | null }> {
  const limits = run.limits ?? deliveryLimits;
  const startedAt = performance.now();
  const clock = () => new Date(run.now.getTime() + (performance.now() - startedAt));
  let attempted = 0;
  const inFlight = new Set<Promise<void>>();
  const perEndpoint = new Map<number, number>();
  let finished: Outcome[] = [];

  const send = async (delivery: Claimed) => {
    const at = clock();
    const timestamp = Math.floor(at.getTime() / 1000);
    const body = webhookBody(delivery);
    const result = await sendWebhook(
      delivery.url,
      {
        "webhook-id": delivery.message_id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": webhookSignature(
          delivery.secret,
          delivery.message_id,
          timestamp,
          body,
        ),
      },
      body,
      { allowPrivate: run.allowPrivate, timeoutMs: run.timeoutMs },
    );
    finished.push({ claimed: delivery, at, result });
    perEndpoint.set(delivery.endpoint_id, (perEndpoint.get(delivery.endpoint_id) ?? 1) - 1);
  };

  for (;;) {
    const recording = finished;
    finished = [];
    await recordAttempts(db, recording);
    const room = limits.inFlight - inFlight.size;
    if (run.stopping?.()) {
      if (inFlight.size === 0 && finished.length === 0) break;
    } else if (room > 0) {
      const full = [...perEndpoint]
        .filter(([, n]) => n > limits.perEndpoint - limits.perClaim)
        .map(([id]) => id);
      const claimed = await claimDue(db, clock(), room, full, limits.perClaim);
      for (const delivery of claimed) {
        perEndpoint.set(delivery.endpoint_id, (perEndpoint.get(delivery.endpoint_id) ?? 0) + 1);
        const sending: Promise<void> = send(delivery).finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
      attempted += claimed.length;
      if (claimed.length === 0 && inFlight.size === 0 && finished.length === 0) break;
    }
    // Sends that finished while this claim ran may have left an endpoint's share: look again at
    // once, or the next look waits on what is still in flight, perhaps a hung receiver's.
    if (finished.length === 0 && inFlight.size)
      await Promise.race(run.woken ? [...inFlight, run.woken()] : inFlight);
  }

  const next = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select(sql<Date | null>`min(greatest(d.next_attempt_at, e.retry_after))`.as("at"))
    .where("d.state", "=", "pending")
    .where("e.enabled", "=", true)
    .executeTakeFirst();
  return { attempted, nextDueAt: next?.at ? new Date(next.at) : null };
}

/** Finished events older than this are deleted with their deliveries and attempts. */
export const keepFinishedEventsMs = 30 * DAY_MS;

export async function pruneWebhookEvents(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("webhook_events")
    .where("created_at", "<", new Date(now.getTime() - keepFinishedEventsMs))
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom("webhook_fan_outs")
              .select("event_id")
              .whereRef("webhook_fan_outs.event_id", "=", "webhook_events.id"),
          ),
          eb.exists(
            eb
              .selectFrom("webhook_deliveries")
              .select("id")
              .whereRef("webhook_deliveries.event_id", "=", "webhook_events.id")
              .where("state", "=", "pending"),
          ),
        ]),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
