import type { Server } from "node:http";

export interface ConnectionLimits {
  /** Whole request, headers and body: a body that trickles in is cut off with 408. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** How often Node checks the two time-outs above. */
  checkEveryMs: number;
  /** Open connections from one address; more are closed at once. */
  connectionsPerAddress: number;
}

export const defaultConnectionLimits: ConnectionLimits = {
  // A 10 MB picture still fits in 60 s on a 1.5 Mbit/s uplink.
  requestTimeoutMs: 60_000,
  headersTimeoutMs: 10_000,
  checkEveryMs: 5_000,
  // A site's tablets share one NAT address and keep one or two connections each: 200 tablets fit
  // with room to spare, while one address cannot hold thousands of sockets open.
  connectionsPerAddress: 1_000,
};

/** Counts open connections per remote address and closes those past the cap before HTTP reads them. */
export function capConnectionsPerAddress(server: Server, max: number) {
  const open = new Map<string, number>();
  server.prependListener("connection", (socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
