import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer, or `hold`: the request is kept and never answered (a receiver that hangs). */
export type ReceiverAnswer = { status: number; location?: string; body?: string } | { hold: true };

/**
 * A webhook receiver on 127.0.0.1 for tests: keeps every request, and answers each with the next
 * of `answers` (the last one repeats): a status, and optionally a Location header or a body.
 */
export async function startReceiver(answers: ReceiverAnswer[] = [{ status: 200 }]) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)]!;
      if ("hold" in answer) return;
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      response.end(answer.body ?? "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Held requests' connections too.
        server.closeAllConnections();
      }),
  };
}
