import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { checkedAddresses, hostOf, RefusedDestination } from "./addresses.ts";

export const sendTimeoutMs = 10_000;
/** Of an answer, this much is read and kept; the rest is not waited for. */
export const keptAnswerBytes = 4096;

export interface SendResult {
  /** The answer's status; null when none came. */
  status: number | null;
  durationMs: number;
  /** The answer's first bytes, or what went wrong. */
  response: string;
}

export interface SendOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  /** The clock durations are measured with (tests may stop the API's). */
  monotonicMs?: () => number;
}

/**
 * POSTs one signed message. The host is resolved and every address checked first, then the
 * connection is made to a checked address (the lookup hook hands it over; nothing resolves
 * again). Redirects are answers like any other non-2xx: never followed.
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<SendResult> {
  const clock = options.monotonicMs ?? (() => performance.now());
  const started = clock();
  const took = () => Math.max(0, Math.round(clock() - started));
  const target = new URL(url);
  let addresses: Array<{ address: string; family: number }>;
  try {
    if (target.protocol !== "https:" && !options.allowPrivate)
      throw new RefusedDestination("plain http is refused");
    addresses = await checkedAddresses(hostOf(target), options.allowPrivate);
  } catch (error) {
    if (!(error instanceof RefusedDestination)) throw error;
    return { status: null, durationMs: took(), response: `Refused: ${error.message}` };
  }
  const chosen = addresses[0]!;
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [chosen]);
    else callback(null, chosen.address, chosen.family);
  };
  const client = target.protocol === "https:" ? https : http;
  const timeoutMs = options.timeoutMs ?? sendTimeoutMs;

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, durationMs: took() });
    };
    const request = client.request(
      target,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "VisitorSignIn-Webhooks/1",
        },
        lookup,
        agent: false,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const done = () =>
          finish({
            status: answer.statusCode ?? null,
            response: Buffer.concat(chunks).toString("utf8").slice(0, keptAnswerBytes),
          });
        answer.on("data", (chunk: Buffer) => {
          if (kept < keptAnswerBytes) {
            chunks.push(chunk.subarray(0, keptAnswerBytes - kept));
            kept += Math.min(chunk.length, keptAnswerBytes - kept);
          }
          if (kept >= keptAnswerBytes) done();
        });
        answer.on("end", done);
        answer.on("error", done);
      },
    );
    const timer = setTimeout(
      () => finish({ status: null, response: `No answer within ${timeoutMs / 1000} s` }),
      timeoutMs,
    );
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish({ status: null, response: `Connection failed: ${error.code ?? error.message}` }),
    );
    request.end(body);
  });
}
