import { iso } from "../kernel/iso-time.ts";
import type { Webhook, WebhookDelivery, WebhookEventType } from "./schema.ts";
import type { WebhookEndpointRow, webhookAttempts } from "./queries.ts";

export function toWebhook(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    locationIds: row.location_ids,
    locationId: row.location_id,
    includePersonalDetails: row.include_personal_details,
    enabled: row.enabled,
    failingSince: row.failing_since && iso(row.failing_since),
    pausedForFailuresAt: row.paused_for_failures_at && iso(row.paused_for_failures_at),
    createdAt: iso(row.created_at),
  };
}

type AttemptRow = Awaited<ReturnType<typeof webhookAttempts>>["rows"][number];

export function toWebhookDelivery(row: AttemptRow): WebhookDelivery {
  return {
    id: Number(row.id),
    eventId: row.message_id,
    type: row.type,
    attempt: row.attempt,
    at: iso(row.at),
    status: row.status,
    durationMs: row.duration_ms,
    response: row.response,
  };
}
