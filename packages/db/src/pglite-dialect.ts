import type { PGlite } from "@electric-sql/pglite";
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from "kysely";

/**
 * Kysely dialect for embedded PGlite. Kysely 0.28 has none of its own (0.29's needs Node 22),
 * and PGlite is one connection: a mutex hands it to one caller at a time, so a transaction's
 * statements are never interleaved with another request's.
 */
export class PGliteDialect implements Dialect {
  /** `onRelease` runs each time a caller hands the connection back: whatever it wrote is committed. */
  constructor(
    private readonly pglite: PGlite,
    private readonly onRelease: () => void = () => undefined,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.onRelease);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private release: (() => void) | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly onRelease: () => void,
  ) {
    this.connection = new PGliteConnection(pglite);
  }

  async init() {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }
  releaseConnection() {
    const release = this.release;
    this.release = undefined;
    release?.();
    this.onRelease();
    return Promise.resolve();
  }
  async destroy() {
    await this.queue;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const kind = compiled.query.kind;
    const writes =
      kind === "InsertQueryNode" || kind === "UpdateQueryNode" || kind === "DeleteQueryNode";
    return {
      rows: result.rows,
      ...(writes ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no server-side cursor for a single query; callers that must stay flat in
    // memory read in keyset batches instead (see the CSV export).
    yield await this.executeQuery<R>(compiled);
  }
}
