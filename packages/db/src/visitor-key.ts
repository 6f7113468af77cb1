import { createHash, randomBytes } from "node:crypto";

/**
 * The two pads of an HMAC-SHA256 key (RFC 2104): a visitor's key is then
 * sha256(outer || sha256(inner || phone)), which the database computes itself (visits_visitor_key,
 * migration 0019), so every writer of a visit, a tablet's one statement included, gets it.
 */
export function hmacPads(key: Buffer): { inner: Buffer; outer: Buffer } {
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash("sha256").update(key).digest() : key).copy(block);
  return {
    inner: Buffer.from(block.map((byte) => byte ^ 0x36)),
    outer: Buffer.from(block.map((byte) => byte ^ 0x5c)),
  };
}

/** A new install's secret: made once, kept only as its pads. */
export const newVisitorKeySecret = () => randomBytes(32);
