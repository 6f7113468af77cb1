import { z } from "zod";
import { id, isoDateTime, jsonBoolean, pageQuery, text } from "../kernel/schema.ts";
import { say, fieldMessages, webhookMessages } from "../kernel/messages.ts";

/** What an endpoint may subscribe to; a test event is sent on request only. */
export const webhookEventTypes = [
  "visit.signed_in",
  "visit.signed_out",
  "visit.updated",
  "visit.deleted",
  "visit.called",
  "visit.served",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
export const webhookTestEventType = "webhook.test";
/** Notified when deliveries are queued: by the fan-out after its commit, or with a test an admin asked for. */
export const webhooksChannel = "vsi_webhooks";

const webhookUrl = text()
  .trim()
  .min(1, say(fieldMessages.required, { label: "URL" }))
  .max(2000, say(fieldMessages.tooLong, { label: "URL" }))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, say(webhookMessages.webhookUrl))
  .refine((value) => !/^[a-z]+:\/\/[^/]*@/i.test(value), say(webhookMessages.webhookCredentials))
  .meta({ example: "https://hooks.example.org/sign-ins" });

const eventList = z
  .array(
    z.enum(webhookEventTypes, {
      error: say(webhookMessages.webhookEventsOneOf, { events: webhookEventTypes.join(", ") }),
    }),
  )
  .min(1, say(webhookMessages.webhookEvents))
  .transform((events) => [...new Set(events)]);
const locationIdList = z
  .array(id)
  .max(500, say(webhookMessages.tooManyLocations))
  .transform((ids) => [...new Set(ids)])
  .meta({ description: "Only these locations' visits; empty: every location" });

export const webhookCreateInput = z.object({
  url: webhookUrl,
  events: eventList,
  locationIds: locationIdList.default([]),
  locationId: id.nullable().default(null).meta({
    description:
      "the location whose own webhook this is (its visits' events alone; a site admin's must be one they administer); null or left out: the network's (network admins only). A network admin may change it later (PATCH)",
  }),
  includePersonalDetails: jsonBoolean.default(false).meta({
    description: "Last name, phone, temperature and answers; off: first name and last initial",
  }),
  enabled: jsonBoolean.default(true),
});
export type WebhookCreateInput = z.output<typeof webhookCreateInput>;

export const webhookUpdateInput = z.object({
  id,
  url: webhookUrl.optional(),
  events: eventList.optional(),
  locationIds: locationIdList.optional(),
  locationId: id.nullable().optional().meta({
    description:
      "another owner: a location (its own webhook, hearing that location alone) or null (the network's, keeping the locations it heard unless locationIds says); network admins only",
  }),
  includePersonalDetails: jsonBoolean.optional(),
  enabled: jsonBoolean.optional().meta({ description: "false pauses it; true resumes it" }),
});
export type WebhookChanges = Omit<z.output<typeof webhookUpdateInput>, "id">;

export const webhookSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypes)),
    locationIds: z.array(z.number().int()),
    locationId: z.number().int().nullable().meta({
      description:
        "the location whose own webhook it is, hearing that location alone; null: the network's",
    }),
    includePersonalDetails: z.boolean(),
    enabled: z.boolean(),
    /** Since when every attempt has failed; null while it succeeds. */
    failingSince: isoDateTime.nullable(),
    /** When failing for 3 days paused it; null unless so paused. */
    pausedForFailuresAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: "Webhook" });
export type Webhook = z.output<typeof webhookSchema>;

export const webhookCreatedSchema = webhookSchema.extend({
  secret: z
    .string()
    .meta({ description: "whsec_<base64>: verifies the webhook-signature header; shown once" }),
});

export const webhookDeliveriesInput = z.object({ id, page: pageQuery.page });

export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    /** The webhook-id header: the same on every attempt of an event. */
    eventId: z.string(),
    type: z.string(),
    attempt: z.number().int(),
    at: isoDateTime,
    /** The answer's HTTP status; null when none came (time-out, refused, unreachable). */
    status: z.number().int().nullable(),
    durationMs: z.number().int(),
    /** The answer's first bytes, or what went wrong. */
    response: z.string(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.output<typeof webhookDeliverySchema>;

export const webhookTestSchema = z.object({ eventId: z.string() });

/** A visit as an event carries it (the OpenAPI document's webhooks). */
export const webhookVisitDataSchema = z.object({
  visitId: z.number().int(),
  location: z.object({ id: z.number().int(), name: z.string() }),
  program: z.object({ id: z.number().int(), name: z.string() }),
  firstName: z.string().optional().meta({ description: "Not in visit.deleted" }),
  lastInitial: z.string().optional().meta({ description: "Not in visit.deleted" }),
  timeIn: isoDateTime,
  timeOut: isoDateTime.nullable(),
  signedOutBy: z.enum(["visitor", "staff", "auto"]).nullable(),
  signedInFrom: z.enum(["tablet", "phone", "staff"]),
  partySize: z.number().int().optional().meta({
    description:
      "How many people came with the sign-in (1 unless a party); absent in events written before parties",
  }),
  householdId: z.number().int().nullable().optional().meta({
    description: "The visitor's household, for a program that signs in households; else null",
  }),
  lastName: z.string().optional().meta({ description: "Only with includePersonalDetails" }),
  phoneNumber: z.string().optional().meta({ description: "Only with includePersonalDetails" }),
  temperature: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "Only with includePersonalDetails" }),
  answers: z
    .record(z.string(), z.unknown())
    .optional()
    .meta({ description: "Only with includePersonalDetails: {questionId: value}" }),
});

/** The body of every event: {type, timestamp (when it happened), data}. */
export const webhookPayloadSchema = (type: string) =>
  z.object({ type: z.literal(type), timestamp: isoDateTime, data: webhookVisitDataSchema });

/** What each event means, for the OpenAPI document. */
export const webhookEventDescriptions: Record<WebhookEventType, string> = {
  "visit.signed_in": "A visitor signed in (a tablet, a phone at the door, or staff)",
  "visit.signed_out": "A visit ended (the visitor, staff, or the automatic sign-out)",
  "visit.updated": "Staff corrected a visit",
  "visit.deleted":
    "A visit was deleted, or its visitor's details erased (forgotten, or by retention); data carries no names",
  "visit.called": "Staff called the visit's number in the line to a desk",
  "visit.served": "Staff marked the visit's number in the line served",
};
