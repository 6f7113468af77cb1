import {
  webhookEventDescriptions,
  webhookEventTypes,
  webhookPayloadSchema,
} from "@vsi/api/schemas";
import { z } from "zod";

const signatureHeaders = [
  ["webhook-id", "The event's id: the same on every retry (deduplicate on it)"],
  ["webhook-timestamp", "When this attempt was sent, in Unix seconds"],
  [
    "webhook-signature",
    "v1,<base64 HMAC-SHA256 of id.timestamp.body, keyed with the secret's bytes after whsec_>",
  ],
] as const;

/**
 * The events an endpoint receives (OpenAPI 3.1's webhooks): each a POST signed as Standard
 * Webhooks; any 2xx answer within 10 s is a delivery, anything else is retried.
 */
export function webhookEventsDocument() {
  return Object.fromEntries(
    webhookEventTypes.map((type) => [
      type,
      {
        post: {
          summary: webhookEventDescriptions[type],
          parameters: signatureHeaders.map(([name, description]) => ({
            name,
            in: "header",
            required: true,
            description,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: z.toJSONSchema(webhookPayloadSchema(type), { io: "input" }),
              },
            },
          },
          responses: {
            "200": { description: "Any 2xx within 10 s: delivered (else retried for 24 hours)" },
          },
        },
      },
    ]),
  );
}
