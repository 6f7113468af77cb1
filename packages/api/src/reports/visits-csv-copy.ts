import { once } from "node:events";
import { pipeline, Transform, type Readable } from "node:stream";
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

/**
 * The least the download is written in at a time. pg-copy-streams passes on one buffer per read
 * of PostgreSQL's socket, a few KiB each: written as they come, every one is a system call on the
 * server and a read for the client, which together cost more than copying each byte once more.
 */
export const writeBytes = 256 * 1024;

/**
 * `head` on its own at once, as the batched path starts, then the buffers passed through joined
 * into buffers of at least `size` bytes (the last: the rest).
 */
function joined(head: Buffer, size: number): Transform {
  let parts: Buffer[] = [];
  let length = 0;
  const take = () => {
    const all = Buffer.concat(parts, length);
    parts = [];
    length = 0;
    return all;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      length += chunk.length;
      done(null, length >= size ? take() : undefined);
    },
    flush(done) {
      done(null, length ? take() : undefined);
    },
  });
  stream.push(head);
  return stream;
}

/** One of a pool's COPY slots, held from the choice of COPY until the download ends. */
export interface CopySlot {
  /** Gives the slot back; a second call does nothing. */
  release(): void;
}

/**
 * A COPY holds its connection for as long as the download takes (a slow browser, a big file), so
 * only a quarter of the pool may be exporting at once; other exports take the batched path, which
 * holds a connection per batch only. The slot is taken in the same step as the check, before any
 * await: exports started at the same moment cannot all see the same slot free. `always` takes one
 * beyond the quarter (an export that asked for COPY by name). Undefined when none is free.
 */
export function takeCopySlot(pool: pg.Pool, always = false): CopySlot | undefined {
  const taken = running.get(pool) ?? 0;
  if (!always && taken >= Math.max(1, Math.floor((pool.options.max ?? 10) / 4))) return undefined;
  running.set(pool, taken + 1);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      running.set(pool, running.get(pool)! - 1);
    },
  };
}

/**
 * `COPY (select) TO STDOUT WITH (FORMAT csv)` on a client of its own, in a transaction with
 * `settings` (the report's zone, the planner's), bytes passed through as PostgreSQL writes them:
 * no row is parsed in Node: pg-copy-streams' buffers, the head put in front, through `joined`
 * (see writeBytes).
 * A download stopped halfway (the browser closed, the stream destroyed) ends that connection's
 * backend (pg_terminate_backend, from another connection), since a backend blocked writing COPY
 * data reads nothing else; the pool drops the client and opens a fresh one.
 */
export async function copyCsv(
  pool: pg.Pool,
  /** A SELECT with its values inlined (inlineParameters). */
  select: string,
  settings: Record<string, string>,
  head: string,
  /** Taken by the caller as it chose COPY (takeCopySlot); given back here when the COPY ends. */
  slot: CopySlot = takeCopySlot(pool, true)!,
): Promise<Readable> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    slot.release();
    throw error;
  }
  let released = false;
  let backend: number | undefined;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    slot.release();
    if (error && backend !== undefined)
      pool.query("select pg_terminate_backend($1)", [backend]).catch(() => {
        // The server is gone or the backend ended already: nothing left to stop.
      });
    client.release(error);
  };
  let copy: Readable;
  try {
    const set = Object.entries(settings).map(
      ([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`,
    );
    await client.query("begin");
    const { rows } = await client.query<{ pid: number }>(
      `select ${["pg_backend_pid() as pid", ...set].join(", ")}`,
    );
    backend = rows[0]!.pid;
    copy = client.query(copyTo(`copy (${select}) to stdout with (format csv)`));
    // pg-copy-streams emits a failure without destroying the stream (nothing else ends it then);
    // after a release, it is the closed connection failing the query: not a crash either way.
    copy.on("error", (error) => release(error));
    // The first rows (or the end): a failing query rejects here, before the response starts.
    await once(copy, "readable");
  } catch (error) {
    release(error as Error);
    throw error;
  }
  copy.once("end", () => {
    client.query("commit").then(
      () => release(),
      (error: Error) => release(error),
    );
  });
  // Destroyed before its end: the download was closed.
  copy.once("close", () => {
    if (!copy.readableEnded) release(new Error("CSV export did not finish"));
  });
  // Destroying the download destroys `copy` too (its close above); failures are handled there.
  return pipeline(copy, joined(Buffer.from(head), writeBytes), () => undefined);
}
