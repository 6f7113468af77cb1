import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import type { FastifyInstance } from "fastify";

export interface ConnectionLimits {
  /** Whole request, headers and body: a body that trickles in is cut off with 408. */
  requestTimeoutMs: number;
  /** A request head, from the connection's opening (or the request's first byte): else 408. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed this long after its last response. */
  keepAliveTimeoutMs: number;
  /** How often Node checks the request and head time-outs above. */
  checkEveryMs: number;
  /** Open connections from one address; more are closed at once. */
  connectionsPerAddress: number;
  /**
   * Connections of one address waiting longer than `waitingGraceMs` for a request to arrive whole
   * (new, a head or body still coming, idle between requests); a new connection from that address
   * closes the longest-waiting ones past this many.
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

/**
 * Per remote address: refuses connections past `connectionsPerAddress`, and keeps at most
 * `waitingPerAddress` connections that wait longer than the grace for a request, closing the
 * longest-waiting first, so a crowd of silent sockets cannot keep a NAT's tablets out.
 */
export function limitConnectionsPerAddress(app: FastifyInstance, limits: ConnectionLimits) {
  const open = new Map<string, number>();
  // Per address, each waiting socket and since when, longest-waiting first (a Map keeps order).
  const waiting = new Map<string, Map<Socket, number>>();
  const addressOf = (socket: Socket) => socket.remoteAddress ?? "";

  const stopWaiting = (socket: Socket) => {
    const address = addressOf(socket);
    const queue = waiting.get(address);
    if (!queue?.delete(socket) || queue.size > 0) return;
    waiting.delete(address);
  };
  const startWaiting = (socket: Socket) => {
    if (socket.destroyed) return;
    stopWaiting(socket);
    const address = addressOf(socket);
    const queue = waiting.get(address) ?? new Map<Socket, number>();
    queue.set(socket, performance.now());
    waiting.set(address, queue);
  };
  const closeLongestWaiting = (address: string) => {
    const queue = waiting.get(address);
    if (!queue) return;
    const before = performance.now() - limits.waitingGraceMs;
    let overdue = 0;
    for (const since of queue.values()) {
      if (since > before) break;
      overdue += 1;
    }
    for (const socket of queue.keys()) {
      if (overdue < limits.waitingPerAddress) break;
      queue.delete(socket);
      socket.destroy();
      overdue -= 1;
    }
  };

  app.server.prependListener("connection", (socket: Socket) => {
    const address = addressOf(socket);
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.connectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    // Room for the new one: it counts once it has waited past the grace.
    closeLongestWaiting(address);
    startWaiting(socket);
    socket.once("close", () => {
      stopWaiting(socket);
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  // A head has come: its body may still trickle in, so the socket waits on, from now.
  app.server.prependListener("request", (request: { socket: Socket }) =>
    startWaiting(request.socket),
  );
  // Body read: the request is the server's to answer, however long that takes (a live stream).
  app.addHook("preHandler", (request, _reply, done) => {
    stopWaiting(request.raw.socket);
    done();
  });
  // Answered: idle until the next request or the keep-alive time-out.
  app.addHook("onResponse", (request, _reply, done) => {
    startWaiting(request.raw.socket);
    done();
  });
}
