import { createHmac, randomBytes } from "node:crypto";

/** A new endpoint's secret, as Standard Webhooks writes one: whsec_ and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/**
 * The webhook-signature header (Standard Webhooks): v1, then the base64 HMAC-SHA256 of
 * "id.timestamp.body" keyed with the secret's bytes.
 */
export function webhookSignature(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const mac = createHmac("sha256", key)
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest("base64");
  return `v1,${mac}`;
}
