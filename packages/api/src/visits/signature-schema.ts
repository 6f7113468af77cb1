import { z } from "zod";
import { say, signatureMessages } from "../kernel/messages.ts";

/** The most a signature's image may weigh, decoded. */
export const maxSignatureBytes = 200 * 1024;

/** The image types a signature may be, by their data: URL's prefix. */
const prefixes = {
  "image/png": "data:image/png;base64,",
  "image/svg+xml": "data:image/svg+xml;base64,",
} as const;
export type SignatureType = keyof typeof prefixes;

/** A signature as checked: its type and bytes. */
export interface SignatureImage {
  contentType: SignatureType;
  bytes: Uint8Array;
}

const pngMagic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's first bytes: its magic number, then its header chunk (IHDR) first, as the format requires. */
const isPng = (bytes: Uint8Array) =>
  bytes.length > 33 &&
  pngMagic.every((byte, at) => bytes[at] === byte) &&
  String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR";

/** The elements a drawn signature needs; any other (script, foreignObject, image, use, style…) is refused. */
const drawingElements = new Set([
  "svg",
  "g",
  "path",
  "polyline",
  "polygon",
  "line",
  "circle",
  "ellipse",
  "rect",
  "title",
  "desc",
]);

/**
 * Why an SVG is not a plain drawing, or undefined: only drawing elements, no event handlers, no
 * reference to anything (href, url(), entities or a DOCTYPE, processing instructions but the XML
 * declaration), so it can run nothing and fetch nothing wherever it is shown. Refused, not
 * cleaned: a pad draws none of these, so a signature holding them was not drawn by one.
 */
function svgProblem(text: string): string | undefined {
  const unsafe = say(signatureMessages.signatureUnsafe);
  const body = text.replace(/^\uFEFF?\s*<\?xml[^?]*\?>/, "");
  if (/<[!?]/.test(body)) return unsafe;
  if (!/^\s*<svg[\s>]/.test(body)) return say(signatureMessages.signatureNotImage);
  for (const [, name] of body.matchAll(/<\/?\s*([^\s/>]+)/g))
    if (!drawingElements.has(name!.toLowerCase())) return unsafe;
  for (const [, name] of body.matchAll(/[\s"']([^\s=<>"']+)\s*=/g)) {
    const attribute = name!.toLowerCase();
    if (attribute.startsWith("on") || attribute.endsWith("href") || attribute === "style")
      return unsafe;
  }
  if (/url\s*\(|&|javascript:/i.test(body)) return unsafe;
  return undefined;
}

/** The bytes of a base64 text, or undefined when it is not base64. */
function fromBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

/** Why a data: URL is not a signature to keep, or its image. */
export function readSignature(url: string): SignatureImage | { problem: string } {
  const contentType = (Object.keys(prefixes) as SignatureType[]).find((type) =>
    url.startsWith(prefixes[type]),
  );
  if (!contentType) return { problem: say(signatureMessages.signatureFormat) };
  const bytes = fromBase64(url.slice(prefixes[contentType].length));
  if (!bytes) return { problem: say(signatureMessages.signatureFormat) };
  if (bytes.length > maxSignatureBytes)
    return { problem: say(signatureMessages.signatureTooBig, { kb: maxSignatureBytes / 1024 }) };
  if (contentType === "image/png")
    return isPng(bytes)
      ? { contentType, bytes }
      : { problem: say(signatureMessages.signatureNotImage) };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { problem: say(signatureMessages.signatureNotImage) };
  }
  const problem = svgProblem(text);
  return problem ? { problem } : { contentType, bytes };
}

/** The longest data: URL that may hold a signature: its prefix and the base64 of the largest image. */
const maxUrlLength = prefixes["image/svg+xml"].length + Math.ceil(maxSignatureBytes / 3) * 4;

/** A signature as sent: a data: URL of a PNG or a plain SVG drawing, checked and decoded. */
export const signatureInput = z
  .string()
  .max(maxUrlLength, say(signatureMessages.signatureTooBig, { kb: maxSignatureBytes / 1024 }))
  .transform((url, ctx) => {
    const read = readSignature(url);
    if ("problem" in read) {
      ctx.addIssue({ code: "custom", message: read.problem });
      return z.NEVER;
    }
    return read;
  });

/** What a visit says of its signature: signed, declined, or not asked. */
export const signedStates = ["yes", "declined"] as const;
export type Signed = (typeof signedStates)[number];
