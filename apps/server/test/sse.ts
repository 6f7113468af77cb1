import http from "node:http";
import { sseReader } from "@vsi/test-utils";

export interface SseEvent {
  event: string;
  data: any;
  /** When it arrived (Date.now()). */
  at: number;
}

/** A Server-Sent Events reader over a real socket, as a browser's EventSource reads one. */
export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Events not taken by next() yet. */
  events: SseEvent[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  ended: Promise<void>;
  /** The next event with that name (and matching), waiting up to timeoutMs. */
  next(event: string, match?: (data: any) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

/** A Cookie header from a test client's jar. */
export const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

export function openEvents(
  url: string,
  headers: Record<string, string> = {},
  /** The socket's own address (see addresses.ts), as a tablet behind a router has its router's. */
  localAddress?: string,
): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      {
        headers: { accept: "text/event-stream", ...headers },
        agent: false,
        ...(localAddress ? { localAddress } : {}),
      },
      (response) => {
        const events: SseEvent[] = [];
        const waiters = new Set<() => void>();
        let endedResolve!: () => void;
        const ended = new Promise<void>((r) => (endedResolve = r));
        const stream: EventStream = {
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          comments: 0,
          ended,
          async next(name, match = () => true, timeoutMs = 5_000) {
            const until = Date.now() + timeoutMs;
            for (;;) {
              const index = events.findIndex((e) => e.event === name && match(e.data));
              if (index >= 0) return events.splice(index, 1)[0]!;
              const left = until - Date.now();
              if (left <= 0)
                throw new Error(
                  `no '${name}' event within ${timeoutMs} ms; got ${JSON.stringify(events)}`,
                );
              await new Promise<void>((wake) => {
                waiters.add(wake);
                setTimeout(wake, Math.min(left, 100));
              });
            }
          },
          close: () => request.destroy(),
        };
        response.setEncoding("utf8");
        const read = sseReader((block) => {
          stream.comments += block.comments;
          if (block.data !== undefined)
            events.push({ event: block.event, data: JSON.parse(block.data), at: Date.now() });
        });
        response.on("data", (chunk: string) => {
          read(chunk);
          for (const wake of waiters) wake();
          waiters.clear();
        });
        response.on("close", endedResolve);
        response.on("error", () => endedResolve());
        resolve(stream);
      },
    );
    request.on("error", reject);
  });
}
