import { Readable } from "node:stream";
import type { CompiledQuery } from "kysely";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/** COPY takes no bind parameters: the (schema-checked) values go in as quoted literals. */
export function inlineParameters(query: CompiledQuery): string {
  const { parameters } = query;
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    if (typeof value === "string") return pg.escapeLiteral(value);
    if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
    throw new Error(`cannot inline parameter $${n} (${typeof value})`);
  });
}

const running = new WeakMap<pg.Pool, number>();
/** The size of each write of the export (rows joined). */
const joinBytes = 64 * 1024;

/**
 * A COPY holds its connection for as long as the download takes (a slow browser, a big file), so
 * only a quarter of the pool may be exporting at once; other exports take the batched path, which
 * holds a connection per batch only.
 */
export function copySlotFree(pool: pg.Pool): boolean {
  return (running.get(pool) ?? 0) < Math.max(1, Math.floor((pool.options.max ?? 10) / 4));
}

/**
 * `COPY (select) TO STDOUT WITH (FORMAT csv)` on a client of its own, in a transaction with
 * `settings` (the report's zone, the planner's), bytes passed through as PostgreSQL writes them:
 * no row is parsed in Node.
 * A download stopped halfway (the browser closed, the stream destroyed) closes that connection,
 * since a backend blocked writing COPY data reads nothing else; the pool opens a fresh one.
 */
export async function copyCsv(
  pool: pg.Pool,
  select: CompiledQuery,
  settings: Record<string, string>,
  head: string,
): Promise<Readable> {
  running.set(pool, (running.get(pool) ?? 0) + 1);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    running.set(pool, running.get(pool)! - 1);
    throw error;
  }
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    running.set(pool, running.get(pool)! - 1);
    if (error) client.connection.stream.destroy();
    client.release(error);
  };
  let copy: Readable;
  let chunks: AsyncIterator<Buffer>;
  let first: IteratorResult<Buffer>;
  try {
    const set = Object.entries(settings).map(
      ([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`,
    );
    await client.query(`begin; select ${set.join(", ")}`);
    copy = client.query(copyTo(`copy (${inlineParameters(select)}) to stdout with (format csv)`));
    // The closed connection fails the query after its reader has gone: not a crash.
    copy.on("error", () => undefined);
    chunks = copy[Symbol.asyncIterator]();
    first = await chunks.next();
  } catch (error) {
    release(error as Error);
    throw error;
  }
  async function* bytes() {
    try {
      yield head;
      // COPY sends a message per row: passed on one by one, a million rows are a million stream
      // writes and as many small buffers for the collector. Joined into ~64 KiB writes instead.
      let pending: Buffer[] = [];
      let size = 0;
      for (let next = first; !next.done; next = await chunks.next()) {
        pending.push(next.value);
        size += next.value.length;
        if (size >= joinBytes) {
          yield Buffer.concat(pending, size);
          pending = [];
          size = 0;
        }
      }
      if (size > 0) yield Buffer.concat(pending, size);
      await client.query("commit");
      release();
    } finally {
      // Stopped early (destroyed by the consumer) or failed.
      release(new Error("CSV export did not finish"));
      copy.destroy();
    }
  }
  return Readable.from(bytes(), { objectMode: false });
}
