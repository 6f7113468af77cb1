import type { Executor, Kysely, Database, WebhookEndpointsTable } from "@vsi/db";
import { sql, type Selectable } from "kysely";
import { recordAudit, type AuditActor } from "../kernel/audit.ts";
import { pageSize } from "../kernel/pagination.ts";
import {
  webhooksChannel,
  webhookTestEventType,
  type WebhookChanges,
  type WebhookCreateInput,
} from "./schema.ts";
import { newWebhookSecret } from "./signing.ts";
import { randomBytes } from "node:crypto";
import { anyOf } from "../kernel/any-of.ts";

const endpointColumns = [
  "id",
  "url",
  "events",
  "location_ids",
  "location_id",
  "include_personal_details",
  "enabled",
  "failing_since",
  "paused_for_failures_at",
  "created_at",
] as const;
export type WebhookEndpointRow = Pick<
  Selectable<WebhookEndpointsTable>,
  (typeof endpointColumns)[number]
>;

/** Every endpoint, or with `owners` (a site admin's locations) those locations' own alone. */
export async function listWebhooks(
  db: Executor,
  owners?: readonly number[],
): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom("webhook_endpoints")
    .select(endpointColumns)
    .$if(owners !== undefined, (qb) => qb.where("location_id", "=", anyOf(owners!)))
    .orderBy("id")
    .execute();
}

export async function getWebhook(
  db: Executor,
  id: number,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom("webhook_endpoints")
    .select(endpointColumns)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A new endpoint and its audit row together; the secret is returned here only (and kept to sign). */
export async function createWebhook(
  db: Kysely<Database>,
  input: WebhookCreateInput,
  actor: AuditActor,
  now: Date,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const secret = newWebhookSecret();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("webhook_endpoints")
      .values({
        url: input.url,
        events: JSON.stringify(input.events),
        // A location's own hears that location alone, and says so.
        location_ids: JSON.stringify(
          input.locationId === null ? input.locationIds : [input.locationId],
        ),
        location_id: input.locationId,
        include_personal_details: input.includePersonalDetails,
        enabled: input.enabled,
        secret,
        created_at: now,
        updated_at: now,
      })
      .returning(endpointColumns)
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      actor,
      {
        action: "webhook.create",
        subjectType: "webhook",
        subjectId: row.id,
        details: { url: row.url, events: input.events },
        ...(row.location_id === null ? {} : { locationId: row.location_id }),
      },
      now,
    );
    return { row, secret };
  });
}

/**
 * Changes what was sent (fields left out keep their value). Resuming clears the failure record,
 * so the 3 days of failing that pause it count afresh.
 */
export async function updateWebhook(
  db: Kysely<Database>,
  id: number,
  changes: WebhookChanges,
  actor: AuditActor,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("webhook_endpoints")
      .select(["enabled", "location_id"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const owner = changes.locationId === undefined ? before.location_id : changes.locationId;
    const resumed = changes.enabled === true && !before.enabled;
    const row = await trx
      .updateTable("webhook_endpoints")
      .set({
        url: changes.url,
        events: changes.events && JSON.stringify(changes.events),
        // A location's own hears that location alone; one made the network's keeps what it heard.
        location_ids:
          owner === null
            ? changes.locationIds && JSON.stringify(changes.locationIds)
            : changes.locationIds || owner !== before.location_id
              ? JSON.stringify([owner])
              : undefined,
        location_id: changes.locationId,
        include_personal_details: changes.includePersonalDetails,
        enabled: changes.enabled,
        ...(resumed
          ? { failing_since: null, paused_for_failures_at: null, retry_after: null }
          : {}),
        updated_at: now,
      })
      .where("id", "=", id)
      .returning(endpointColumns)
      .executeTakeFirstOrThrow();
    const action =
      changes.enabled === false && before.enabled
        ? "webhook.pause"
        : resumed
          ? "webhook.resume"
          : "webhook.update";
    await recordAudit(
      trx,
      actor,
      {
        action,
        subjectType: "webhook",
        subjectId: id,
        details: {
          url: row.url,
          fields: Object.keys(changes).filter(
            (key) => changes[key as keyof WebhookChanges] !== undefined,
          ),
        },
        // A move is told at the location it went to (or, to the network, the one it left).
        ...((owner ?? before.location_id) === null
          ? {}
          : { locationId: owner ?? before.location_id }),
      },
      now,
    );
    return row;
  });
}

/** Deletes an endpoint with its deliveries (nothing more is sent to it). */
export async function deleteWebhook(
  db: Kysely<Database>,
  id: number,
  actor: AuditActor,
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("webhook_endpoints")
      .where("id", "=", id)
      .returning(endpointColumns)
      .executeTakeFirst();
    if (row)
      await recordAudit(
        trx,
        actor,
        {
          action: "webhook.delete",
          subjectType: "webhook",
          subjectId: id,
          details: { url: row.url },
          ...(row.location_id === null ? {} : { locationId: row.location_id }),
        },
        now,
      );
    return row;
  });
}

/** A test event for one endpoint, sent by the delivery job like any other (paused or not). */
export async function queueTestEvent(
  db: Kysely<Database>,
  endpointId: number,
  now: Date,
): Promise<string | undefined> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .selectFrom("webhook_endpoints")
      .select("id")
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (!endpoint) return undefined;
    const messageId = `msg_${randomBytes(16).toString("hex")}`;
    const event = await trx
      .insertInto("webhook_events")
      .values({
        message_id: messageId,
        type: webhookTestEventType,
        data: JSON.stringify({
          webhookId: endpointId,
          message: "A test event from Visitor Sign-In",
        }),
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("webhook_deliveries")
      .values({
        event_id: event.id,
        endpoint_id: endpointId,
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
    // A sender is woken at commit (an admin's click, rare: the notifying commits' lock is no cost).
    await sql`select pg_notify(${webhooksChannel}, '')`.execute(trx);
    return messageId;
  });
}

/** One endpoint's attempts, newest first, a page at a time, and how many there are. */
export async function webhookAttempts(db: Executor, endpointId: number, page: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("webhook_attempts as a")
      .innerJoin("webhook_deliveries as d", "d.id", "a.delivery_id")
      .innerJoin("webhook_events as ev", "ev.id", "d.event_id")
      .select([
        "a.id",
        "ev.message_id",
        "ev.type",
        "a.attempt",
        "a.at",
        "a.status",
        "a.duration_ms",
        "a.response",
      ])
      .where("a.endpoint_id", "=", endpointId)
      .orderBy("a.at", "desc")
      .orderBy("a.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom("webhook_attempts")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("endpoint_id", "=", endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
