import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * What the database announces, for one process: each channel's payloads go to every handler
 * registered here, whether they came by NOTIFY or by the change feed (migration 0032, which the
 * visits write to: a notifying transaction holds PostgreSQL's one lock for notifying commits until
 * its flush, so a NOTIFY from every sign-in made each wait for the last). Whatever was announced
 * while the connection was down is lost, so after a reconnection (or a gap in reading the feed)
 * the `resumed` handlers run (the streams ask their browsers to refresh).
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

/**
 * How often the feed is read: what a live sheet waits, at most, beyond the change's commit. The
 * embedded database's reader reads only after another caller has used the connection, and no more
 * often than this either.
 */
const FEED_POLL_MS = 100;
/** Feed rows are deleted this long after; a reader that fell half as far behind starts afresh. */
const FEED_KEEP_MS = 60_000;

/**
 * One read of the change feed, in one statement so that its rows and its snapshot agree: the rows
 * of every transaction that had not committed at the last read's snapshot (in progress then, or
 * begun since), and this read's snapshot for the next. Each committed row is read once, by the
 * first read that sees it, whatever order transactions commit in. No cursor ($1 null): the
 * snapshot alone, to start from.
 */
const feedRead = `select pg_snapshot_xmax(s)::text as xmax, array(select pg_snapshot_xip(s))::text[] as xip,
    coalesce((select json_agg(json_build_array(f.channel, f.payload) order by f.xid)
      from change_feed f
      where $1::xid8 is not null and (f.xid >= $1::xid8 or f.xid = any($2::xid8[]))), '[]') as rows
  from pg_current_snapshot() s`;
const feedPrune = (keepMs: number) =>
  `delete from change_feed where written_at < now() - ${keepMs} * interval '1 millisecond'`;

type FeedQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
interface FeedCursor {
  xmax: string;
  xip: string[];
}

/** Calls a listener each time a caller hands the embedded connection back; answers how to stop. */
export type OnRelease = (listener: () => void) => () => void;

interface FeedOptions {
  /** How long feed rows are kept (tests shorten it). */
  keepMs?: number;
  /**
   * Embedded: the connection's releases, after which (and only after which) the feed may hold
   * something new. Without it the feed is read every FEED_POLL_MS, as other processes write too.
   */
  onRelease?: OnRelease | undefined;
  /**
   * Whether other processes read and prune the same feed. A reader alone (embedded PGlite) prunes
   * only after its own read, so however long it waits for its connection it misses nothing.
   */
  shared: boolean;
}

/**
 * Reads the change feed through `query` (null: no connection now), handing each row to the
 * channel's handlers: every FEED_POLL_MS, or, given the connection's releases, after them.
 */
class FeedReader {
  private cursor: FeedCursor | undefined;
  private missed = false;
  private readAt = 0;
  private prunedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private started: Promise<void> | undefined;
  private stopped = false;
  /** Woken: the connection was used by another caller since the last read began. */
  private due = false;
  /** The next release is the reader's own (the connection is handed to one caller at a time). */
  private ownHold = false;
  private stopHearing: (() => void) | undefined;

  private readonly keepMs: number;
  private readonly shared: boolean;
  private readonly woken: boolean;

  constructor(
    private readonly handlers: Handlers,
    private readonly query: () => FeedQuery | null,
    { keepMs = FEED_KEEP_MS, shared, onRelease }: FeedOptions,
  ) {
    this.keepMs = keepMs;
    this.shared = shared;
    this.woken = onRelease !== undefined;
    this.stopHearing = onRelease?.(() => this.released());
  }

  /** What the reader's own statements run through: their release wakes no one. */
  readonly own = <T>(work: () => Promise<T>) => {
    this.ownHold = true;
    return work();
  };

  private released() {
    if (this.ownHold) {
      this.ownHold = false;
      return;
    }
    this.due = true;
    if (this.started && !this.reading && !this.timer && !this.stopped) this.schedule();
  }

  private schedule() {
    const wait = this.woken
      ? Math.max(0, this.readAt + FEED_POLL_MS - performance.now())
      : FEED_POLL_MS;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, wait);
    this.timer.unref();
  }

  /** Resolves once the first read has set where reading starts: what commits after, it hands on. */
  start(): Promise<void> {
    this.started ??= this.run();
    return this.started;
  }

  /** Stops reading; resolves once a read under way has finished. */
  async stop() {
    this.stopped = true;
    this.stopHearing?.();
    clearTimeout(this.timer);
    await this.reading;
  }

  private run(): Promise<void> {
    this.reading = this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read() {
    this.due = false;
    const query = this.query();
    if (query) {
      const now = performance.now();
      if (this.shared && this.cursor && now - this.readAt > this.keepMs / 2) {
        // Another process may have deleted rows unread: start again from now, and say so.
        this.cursor = undefined;
        this.missed = true;
      }
      try {
        const [row] = await query(feedRead, [this.cursor?.xmax ?? null, this.cursor?.xip ?? []]);
        const started = !this.cursor;
        this.cursor = { xmax: String(row!.xmax), xip: (row!.xip as string[]).map(String) };
        this.readAt = now;
        for (const [channel, payload] of row!.rows as [string, string][])
          this.handlers.dispatch(channel, payload);
        if (started && this.missed) {
          this.missed = false;
          this.handlers.resume();
        }
        if (now - this.prunedAt > this.keepMs / 6) {
          this.prunedAt = now;
          await query(feedPrune(this.keepMs), []);
        }
      } catch (error) {
        // The place stays: the next read reads on from it (a long outage is caught above).
        console.error(`change feed: ${(error as Error).message}`);
      }
    }
    if (this.stopped || (this.woken && !this.due)) return;
    this.schedule();
  }
}

/** How the listening connection names itself to the server (pg_stat_activity). */
export const notificationsApplicationName = "vsi-notifications";

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
  // The listening connection reads the feed too: it waits for no pooled connection under load.
  const feed = new FeedReader(
    handlers,
    () => {
      const reading = client;
      return reading
        ? async (text, params) =>
            (await reading.query(text, params)).rows as Record<string, unknown>[]
        : null;
    },
    { shared: true },
  );

  const lost = (broken: pg.Client, reason: string) => {
    if (client !== broken) return;
    client = undefined;
    // The feed's place is the database's, not the connection's: the next connection reads on
    // from it, so what committed meanwhile still arrives (unless it fell too far behind).
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
      const fresh = new pg.Client({
        connectionString,
        keepAlive: true,
        application_name: notificationsApplicationName,
      });
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
      await feed.start();
    },
    onResume(handler) {
      handlers.resumed.add(handler);
    },
    async close() {
      closed = true;
      await feed.stop();
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
 * The feed is read after the connection's releases (`onRelease`): an idle server reads nothing.
 */
export function pgliteNotifications(
  pglite: PGlite,
  exclusive: <T>(work: () => Promise<T>) => Promise<T>,
  { keepMs, onRelease }: { keepMs?: number; onRelease: OnRelease },
): Notifications {
  const handlers = new Handlers();
  const query: FeedQuery = async (text, params) =>
    (await exclusive(() => feed.own(() => pglite.query<Record<string, unknown>>(text, params))))
      .rows;
  const feed = new FeedReader(handlers, () => (pglite.closed ? null : query), {
    keepMs,
    shared: false,
    onRelease,
  });
  return {
    async listen(channel, handler) {
      const isNew = handlers.add(checked(channel), handler);
      if (isNew)
        await exclusive(() =>
          pglite.listen(channel, (payload) => handlers.dispatch(channel, payload)),
        );
      await feed.start();
    },
    onResume(handler) {
      // One process, one connection, one reader: nothing is ever missed.
      handlers.resumed.add(handler);
    },
    async close() {
      await feed.stop();
      if (pglite.closed) return;
      for (const channel of handlers.byChannel.keys())
        await exclusive(() => pglite.unlisten(channel)).catch(() => undefined);
    },
  };
}
