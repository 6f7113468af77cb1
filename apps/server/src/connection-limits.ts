import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";

export interface ConnectionLimits {
  /** Whole request, headers and body: a body that trickles in is cut off with 408. */
  requestTimeoutMs: number;
  /**
   * A request head, from the connection's opening (or the request's first byte): else 408. A
   * connection that sends nothing at all is closed by it too, with or without other traffic.
   */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed this long after its last response. */
  keepAliveTimeoutMs: number;
  /** How often the time-outs above, and the waiting cap below, are checked. */
  checkEveryMs: number;
  /**
   * Open connections from one address. A new one past it takes the place of the address's
   * longest-waiting connection; it is closed at once only when none of them is waiting.
   */
  connectionsPerAddress: number;
  /**
   * Connections of one address waiting longer than `waitingGraceMs` for a request to arrive whole
   * (new, a head or a body still coming however slowly, idle between requests): past this many,
   * the longest-waiting are closed, at every check and as a new connection arrives.
   */
  waitingPerAddress: number;
  waitingGraceMs: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  // A 10 MB picture still fits in 60 s on a 1.5 Mbit/s uplink.
  requestTimeoutMs: 60_000,
  // A request head is a few hundred bytes: seconds are plenty even on a poor mobile link.
  headersTimeoutMs: 5_000,
  // Node's own default: an idle socket costs the client a new one, nothing more.
  keepAliveTimeoutMs: 5_000,
  checkEveryMs: 1_000,
  // A site's tablets share one NAT address and keep one or two connections each: 200 tablets fit
  // with room to spare, while one address cannot hold thousands of sockets open.
  connectionsPerAddress: 1_000,
  // Waiting connections cost an attacker nothing; a browser sends its request as soon as it has
  // connected, so it has never waited a second by the time a newer connection looks.
  waitingPerAddress: 100,
  waitingGraceMs: 1_000,
};

/** Whether a request has a body still to come (a head says so by its length or its chunking). */
function hasBody(headers: IncomingHttpHeaders) {
  const length = headers["content-length"];
  return headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Per remote address: keeps at most `waitingPerAddress` connections that wait longer than the
 * grace for a request, closing the longest-waiting first, at every check and as a new connection
 * comes; and at most `connectionsPerAddress` in all, a new one past that closing the
 * longest-waiting instead of being refused. A crowd of silent or trickling sockets therefore
 * cannot keep the tablets behind the same NAT out: theirs are the connections that wait least.
 */
export function limitConnectionsPerAddress(app: FastifyInstance, limits: ConnectionLimits) {
  const open = new Map<string, number>();
  // The sockets in those counts: one closed here leaves the count at once, not at its close event.
  const counted = new WeakSet<Socket>();
  // Per address, each waiting socket and since when, longest-waiting first (a Map keeps order).
  const waiting = new Map<string, Map<Socket, number>>();
  const addressOf = (socket: Socket) => socket.remoteAddress ?? "";
  const uncount = (socket: Socket) => {
    if (!counted.delete(socket)) return;
    const address = addressOf(socket);
    const left = (open.get(address) ?? 1) - 1;
    if (left > 0) open.set(address, left);
    else open.delete(address);
  };

  const stopWaiting = (socket: Socket) => {
    const address = addressOf(socket);
    const queue = waiting.get(address);
    if (!queue?.delete(socket) || queue.size > 0) return;
    waiting.delete(address);
  };
  const startWaiting = (socket: Socket) => {
    // Only connections the server accepted (not inject()'s stand-ins), while they are open.
    if (!counted.has(socket) || socket.destroyed) return;
    stopWaiting(socket);
    const address = addressOf(socket);
    const queue = waiting.get(address) ?? new Map<Socket, number>();
    queue.set(socket, performance.now());
    waiting.set(address, queue);
  };
  const close = (queue: Map<Socket, number>, socket: Socket) => {
    queue.delete(socket);
    uncount(socket);
    socket.destroy();
  };
  /** Closes the longest-waiting of those past the grace until `keep` of them are left. */
  const closeOverdue = (address: string, keep: number) => {
    const queue = waiting.get(address);
    if (!queue || queue.size <= keep) return;
    const before = performance.now() - limits.waitingGraceMs;
    let overdue = 0;
    for (const since of queue.values()) {
      if (since > before) break;
      overdue += 1;
    }
    for (const socket of queue.keys()) {
      if (overdue <= keep) break;
      close(queue, socket);
      overdue -= 1;
    }
    if (queue.size === 0) waiting.delete(address);
  };
  /** Makes room for one more connection: closes the longest-waiting, if any is waiting. */
  const closeLongestWaiting = (address: string) => {
    const queue = waiting.get(address);
    const longest = queue?.keys().next().value;
    if (!queue || !longest) return false;
    close(queue, longest);
    if (queue.size === 0) waiting.delete(address);
    return true;
  };

  // The waiting cap holds between connections too: a crowd that came at once, then waits on.
  const check = setInterval(() => {
    for (const address of [...waiting.keys()]) closeOverdue(address, limits.waitingPerAddress);
  }, limits.checkEveryMs);
  check.unref();
  app.addHook("onClose", (_instance, done) => {
    clearInterval(check);
    done();
  });

  app.server.prependListener("connection", (socket: Socket) => {
    const address = addressOf(socket);
    if ((open.get(address) ?? 0) >= limits.connectionsPerAddress && !closeLongestWaiting(address)) {
      socket.destroy();
      return;
    }
    open.set(address, (open.get(address) ?? 0) + 1);
    counted.add(socket);
    // Room for the new one among the waiting: it counts once it has waited past the grace.
    closeOverdue(address, limits.waitingPerAddress - 1);
    startWaiting(socket);
    socket.once("close", () => {
      stopWaiting(socket);
      uncount(socket);
    });
  });
  // A head has come: its body may still trickle in, so the socket waits on, from now.
  app.server.prependListener("request", (request: IncomingMessage) => startWaiting(request.socket));
  // The request is whole: it is the server's to answer, however long that takes (a live stream).
  // A body that a route reads itself (tRPC's multipart) is whole only once it has been read.
  app.addHook("preHandler", (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw.headers)) stopWaiting(raw.socket);
    else
      raw.once("end", () => {
        if (!reply.raw.writableEnded) stopWaiting(raw.socket);
      });
    done();
  });
  // Answered: idle until the next request or the keep-alive time-out.
  app.addHook("onResponse", (request, _reply, done) => {
    startWaiting(request.raw.socket);
    done();
  });
}
