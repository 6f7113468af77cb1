import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { Kysely, PostgresDialect, type LogEvent } from "kysely";
import pg from "pg";
import {
  pgliteNotifications,
  pgNotifications,
  type Notifications,
  type OnRelease,
} from "./notifications.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import { preparingPool } from "./prepared.ts";
import type { Database } from "./schema.ts";
import { timestamptzParser } from "./timestamps.ts";

export interface DbConfig {
  /** A PostgreSQL server; when absent, embedded PGlite keeps the data in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** Embedded only: keep everything in memory (tests). */
  inMemory?: boolean;
  /**
   * Embedded only: start a new database as a copy of another (`dumpDataDir()` of its PGlite)
   * instead of running initdb, the slowest part of a first start (tests start each from one
   * migrated once). A data folder that already holds a database is opened as it is.
   */
  copyOf?: Blob | undefined;
  poolSize?: number;
  /**
   * Server only: send the hot path's statements as named prepared statements (the default). Off
   * for a connection pooler in transaction mode that cannot carry them (PgBouncer before 1.21).
   */
  namedStatements?: boolean | undefined;
  /** Called with each statement sent, failed ones included (tests count round trips per call). */
  onStatement?: (sql: string) => void;
}

export interface Db {
  kysely: Kysely<Database>;
  kind: "postgres" | "pglite";
  /**
   * Embedded only: the instance and its folder (none in memory), for backups of its files; and
   * `onRelease`, which calls a listener each time a caller hands the one connection back (until the
   * function it returns is called).
   */
  embedded?: { pglite: PGlite; dir: string | undefined; onRelease: OnRelease };
  /** Server only: the pool Kysely draws from, for what Kysely cannot carry (COPY ... TO STDOUT). */
  pool?: pg.Pool;
  /** LISTEN/NOTIFY for this process (one listening connection, opened on first use). */
  notifications(): Notifications;
  close(): Promise<void>;
}

// count(*) and bigint sums come back as strings from pg; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
const pgTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (
  text: string,
) => unknown;
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, timestamptzParser(pgTimestamptz));

/**
 * A close that later calls wait for rather than repeat: a query after the first (which fails) would
 * start Kysely's driver again, whose destroy would end the pool a second time, and pg refuses that.
 */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

/**
 * PGlite's own start-up flags, with shared buffers of 32 MB instead of initdb's 128 MB: the
 * embedded database lives in the server's own memory and zeroes its buffers at every start, and a
 * site's visits fit in far less, its files cached by the operating system beside it.
 */
const embeddedStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/**
 * The contrib extensions the migrations create (PostgreSQL's packages carry them; PGlite loads
 * each from its own bundle only when named here): levenshtein for names compared fuzzily.
 */
const embeddedExtensions = { fuzzystrmatch };

/** Who hears that the embedded connection was handed back; `add` answers how to stop hearing. */
class ReleaseListeners {
  private readonly listeners = new Set<() => void>();
  add: OnRelease = (listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  call = () => {
    for (const listener of this.listeners) listener();
  };
}

export async function createDb(config: DbConfig = {}): Promise<Db> {
  const { onStatement } = config;
  const log = onStatement ? (event: LogEvent) => onStatement(event.query.sql) : undefined;
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      // What a burst opened stays open. A connection closed while idle is opened again by the next
      // burst, and a new server process plans each statement afresh (the sign-in's, a tenth of a
      // second or more on a busy machine), which every request of that burst then waits behind.
      idleTimeoutMillis: 0,
    });
    // A dropped connection (a restarting server) must not crash the process; the pool reconnects.
    pool.on("error", (error) => console.error(`database pool: ${error.message}`));
    // A checked-out client has no pool listener: without its own, a server restart's FATAL 57P01
    // arriving between two queries of a request is an unhandled 'error' event and kills the process.
    // The query in flight fails on its own; pg-pool drops the broken client when it is released.
    pool.on("connect", (client) => {
      client.on("error", (error) => console.error(`database connection: ${error.message}`));
    });
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: config.namedStatements === false ? pool : preparingPool(pool),
      }),
      ...(log ? { log } : {}),
    });
    const databaseUrl = config.databaseUrl;
    let notifications: Notifications | undefined;
    return {
      kysely,
      kind: "postgres",
      pool,
      notifications: () => (notifications ??= pgNotifications(databaseUrl)),
      close: once(async () => {
        await notifications?.close();
        await kysely.destroy();
        // Kysely starts its driver on the first query, and destroying one never started does
        // nothing: end the pool here too, so a database never queried is closed all the same.
        if (!pool.ended && !pool.ending) await pool.end();
      }),
    };
  }

  let pglite: PGlite;
  let dir: string | undefined;
  const options = { startParams: embeddedStartParams, extensions: embeddedExtensions };
  const copy = config.copyOf ? { ...options, loadDataDir: config.copyOf } : options;
  if (config.inMemory) {
    pglite = new PGlite(copy);
  } else {
    dir = path.resolve(config.dataDir ?? "./data", "pglite");
    // Owner only, as the whole data folder (the server also fixes PGlite's own modes at start).
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // PGlite refuses to load a copy over a database: only a new folder starts as one.
    pglite = new PGlite(dir, existsSync(path.join(dir, "PG_VERSION")) ? options : copy);
  }
  // Open it now, so a folder that cannot be opened fails here rather than in the first query.
  await pglite.waitReady;
  const released = new ReleaseListeners();
  const kysely = new Kysely<Database>({
    dialect: new PGliteDialect(pglite, released.call),
    ...(log ? { log } : {}),
  });
  // Holding Kysely's one connection keeps a LISTEN out of another caller's transaction.
  const exclusive = <T>(work: () => Promise<T>) => kysely.connection().execute(() => work());
  let notifications: Notifications | undefined;
  return {
    kysely,
    kind: "pglite",
    embedded: { pglite, dir, onRelease: released.add },
    notifications: () =>
      (notifications ??= pgliteNotifications(pglite, exclusive, { onRelease: released.add })),
    close: once(async () => {
      await notifications?.close();
      await kysely.destroy();
      // As above: the dialect closes PGlite only if a query ever started it.
      if (!pglite.closed) await pglite.close();
    }),
  };
}
