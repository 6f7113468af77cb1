import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * PostgreSQL LISTEN/NOTIFY for one process: one connection listens, and each channel's payloads go
 * to every handler registered here. Notifications sent while the connection was down are lost, so
 * after a reconnection the `resumed` handlers run (the streams ask their browsers to refresh).
 */
export interface Notifications {
  /** Calls handler with each payload sent on the channel; resolves once the LISTEN is in place. */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  onResume(handler: () => void): void;
  close(): Promise<void>;
}

/** Channel names are ours, never user input; still, only plain identifiers reach the SQL. */
function checked(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  return channel;
}

class Handlers {
  readonly byChannel = new Map<string, Set<(payload: string) => void>>();
  readonly resumed = new Set<() => void>();

  add(channel: string, handler: (payload: string) => void): boolean {
    const existing = this.byChannel.get(channel);
    if (existing) {
      existing.add(handler);
      return false;
    }
    this.byChannel.set(channel, new Set([handler]));
    return true;
  }

  dispatch(channel: string, payload: string) {
    for (const handler of this.byChannel.get(channel) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        console.error(`notification handler (${channel}): ${(error as Error).message}`);
      }
    }
  }

  resume() {
    for (const handler of this.resumed) handler();
  }
}

const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/** A connection that only listens cannot tell a vanished server from a quiet one: it asks now and then. */
const PING_MS = 30_000;

/** A dedicated client (not one of the pool's), reconnected with back-off whenever it is lost. */
export function pgNotifications(connectionString: string): Notifications {
  const handlers = new Handlers();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = RECONNECT_FIRST_MS;
  let ping: NodeJS.Timeout | undefined;

  const lost = (broken: pg.Client, reason: string) => {
    if (client !== broken) return;
    client = undefined;
    clearInterval(ping);
    broken.removeAllListeners("notification");
    void broken.end().catch(() => undefined);
    if (closed) return;
    console.error(`database notifications: ${reason}; reconnecting`);
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
    setTimeout(() => {
      void connect().then(
        () => handlers.resume(),
        () => undefined,
      );
    }, wait).unref();
  };

  const connect = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const fresh = new pg.Client({ connectionString, keepAlive: true });
      fresh.on("notification", (message) =>
        handlers.dispatch(message.channel, message.payload ?? ""),
      );
      fresh.on("error", (error) => lost(fresh, error.message));
      fresh.on("end", () => lost(fresh, "connection ended"));
      try {
        await fresh.connect();
        for (const channel of handlers.byChannel.keys())
          await fresh.query(`listen ${checked(channel)}`);
      } catch (error) {
        fresh.removeAllListeners();
        fresh.on("error", () => undefined);
        void fresh.end().catch(() => undefined);
        if (!closed) {
          // Try again later, as for a connection lost after it worked.
          client = fresh;
          lost(fresh, (error as Error).message);
        }
        throw error;
      }
      client = fresh;
      retryMs = RECONNECT_FIRST_MS;
      ping = setInterval(
        () => void fresh.query("select 1").catch((error: Error) => lost(fresh, error.message)),
        PING_MS,
      );
      ping.unref();
      return fresh;
    })().finally(() => (connecting = undefined));
    return connecting;
  };

  return {
    async listen(channel, handler) {
      const isNew = handlers.add(checked(channel), handler);
      const listening = await connect();
      // A reconnection LISTENs to every known channel itself.
      if (isNew && client === listening) await listening.query(`listen ${channel}`);
    },
    onResume(handler) {
      handlers.resumed.add(handler);
    },
    async close() {
      closed = true;
      clearInterval(ping);
      const open = client;
      client = undefined;
      await open?.end().catch(() => undefined);
    },
  };
}

/**
 * Embedded PGlite is one connection, the server's own: it hears what its own statements notify.
 * `exclusive` runs the LISTEN while no transaction holds that connection (the dialect's mutex).
 */
export function pgliteNotifications(
  pglite: PGlite,
  exclusive: <T>(work: () => Promise<T>) => Promise<T>,
): Notifications {
  const handlers = new Handlers();
  return {
    async listen(channel, handler) {
      if (!handlers.add(checked(channel), handler)) return;
      await exclusive(() =>
        pglite.listen(channel, (payload) => handlers.dispatch(channel, payload)),
      );
    },
    onResume(handler) {
      // One process, one connection: nothing can be missed.
      handlers.resumed.add(handler);
    },
    async close() {
      if (pglite.closed) return;
      for (const channel of handlers.byChannel.keys())
        await exclusive(() => pglite.unlisten(channel)).catch(() => undefined);
    },
  };
}
