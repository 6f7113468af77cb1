import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An answer, or `hold`: the request is kept unanswered (a receiver that hangs) until `release`. */
export type ReceiverAnswer = { status: number; location?: string; body?: string } | { hold: true };

/**
 * A webhook receiver on 127.0.0.1 for tests: keeps every request, and answers each with the next
 * of `answers` (the last one repeats): a status, and optionally a Location header or a body.
 */
export async function startReceiver(answers: ReceiverAnswer[] = [{ status: 200 }]) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const answer = (
    response: ServerResponse,
    { status, location, body }: Exclude<ReceiverAnswer, { hold: true }>,
  ) => {
    response.writeHead(status, location ? { location } : {});
    response.end(body ?? "ok");
  };
  let closedConnections = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const next = answers[Math.min(received.length - 1, answers.length - 1)]!;
      if ("hold" in next) held.push(response);
      else answer(response, next);
    });
  });
  // A connection closes once the sender has read its answer and let go of it.
  server.on("connection", (socket) => socket.on("close", () => closedConnections++));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    /** How many of the requests are held unanswered now. */
    get held() {
      return held.length;
    },
    /** Connections closed so far: each a send the sender is done with. */
    get closedConnections() {
      return closedConnections;
    },
    /** Answers 200 to up to `count` of the held requests, oldest first (all of them unless said). */
    release: (count = held.length) => {
      for (const response of held.splice(0, count)) answer(response, { status: 200 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Held requests' connections too.
        server.closeAllConnections();
      }),
  };
}
