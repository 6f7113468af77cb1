import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { sql, type Expression } from "kysely";

/** A random secret for a cookie or a link: 160 bits, as Lucia's guidance recommends. */
export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What we store instead of a token, so a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  // node:crypto's native sha256: every call with a cookie or a token hashes it.
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * A credential's last use (an API token's, a tablet's) is noted when the note is a minute old:
 * writing it on every call would add a write to each, and a script's concurrent calls would queue
 * on the row.
 */
export const lastUseNotedEveryMs = 60_000;

/** A last-use note older than this instant is due for renewal. */
export const lastUseDueBefore = (now: Date) => new Date(now.getTime() - lastUseNotedEveryMs);

/** Whether a credential's last-use note is due: never noted, or noted before `dueBefore` (lastUseDueBefore). */
export function lastUseDue(noted: Expression<Date | null>, dueBefore: Date) {
  return sql<boolean>`(${noted} is null or ${noted} < ${dueBefore})`;
}

function mac(secret: string, payload: string): string {
  return encodeBase64urlNoPadding(createHmac("sha256", secret).update(payload).digest());
}

/** `payload.mac`: a value the client carries back and cannot forge (upload ids, upload URLs). */
export function sign(secret: string, payload: string): string {
  return `${payload}.${mac(secret, payload)}`;
}

export function verifySigned(secret: string, signed: string): string | undefined {
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const payload = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(mac(secret, payload));
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload : undefined;
}
