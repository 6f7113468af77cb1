import {
  CompiledQuery,
  type Compilable,
  type Kysely,
  type PostgresPool,
  type PostgresPoolClient,
} from "kysely";
import type pg from "pg";
import type { Executor } from "./executor.ts";
import type { Database } from "./schema.ts";

/**
 * Statements sent as named prepared statements: PostgreSQL parses and plans each once per
 * connection rather than on every call, and the client sends its bind values only. For the few
 * statements that run on every tablet call (a bounded set of texts: values are always parameters);
 * a text must name its result columns (no `*`), so a column added by a later migration cannot
 * change a prepared statement's result under a running server.
 */
const names = new Map<string, string>();

/** Stands for one of a statement's values while it is built; the value is bound at each run. */
class Placeholder {
  constructor(readonly name: string) {}
  // Computing with a placeholder would build a constant into the statement: fail loudly instead.
  toString(): string {
    throw new Error(`the statement's value ${this.name} was used in code, not placed in the query`);
  }
  valueOf(): never {
    throw new Error(`the statement's value ${this.name} was used in code, not placed in the query`);
  }
}

/**
 * A statement built with Kysely once and compiled once, then run with new values on every call:
 * the hot path pays neither the query builder nor the compiler. `build` receives stand-ins for
 * the values and must only place them in the query (in comparisons, `sql` templates, `.set()`,
 * `.limit()`), never compute with them or branch on them; a statement whose shape depends on its
 * values is one `prepared` per shape. On PostgreSQL it also runs as a named prepared statement.
 */
export function prepared<V extends object, O>(
  build: (db: Kysely<Database>, values: V) => Compilable<O>,
): (db: Executor, values: V) => Promise<O[]> {
  let compiled: { sql: string; slots: unknown[] } | undefined;
  return async (db, values) => {
    if (!compiled) {
      const standIns = new Proxy({} as V, { get: (_, name) => new Placeholder(String(name)) });
      const query = build(db, standIns).compile();
      if (!names.has(query.sql)) names.set(query.sql, `vsi_${names.size + 1}`);
      compiled = { sql: query.sql, slots: [...query.parameters] };
    }
    const parameters = compiled.slots.map((slot) =>
      slot instanceof Placeholder ? (values as Record<string, unknown>)[slot.name] : slot,
    );
    const result = await db.executeQuery<O>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

/**
 * `prepared` for a statement with a few shapes (a condition present or not): one statement per
 * shape, built and compiled on first use. The shapes must be a small fixed set.
 */
export function preparedByShape<S extends string, V extends object, O>(
  build: (db: Kysely<Database>, values: V, shape: S) => Compilable<O>,
): (db: Executor, shape: S, values: V) => Promise<O[]> {
  const statements = new Map<S, (db: Executor, values: V) => Promise<O[]>>();
  return (db, shape, values) => {
    let run = statements.get(shape);
    if (!run) statements.set(shape, (run = prepared((db, v: V) => build(db, v, shape))));
    return run(db, values);
  };
}

/** The pool as Kysely sees it: a registered text goes out under its name. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient) => {
    const send = client.query.bind(client) as (text: unknown, values?: unknown) => unknown;
    return {
      query(text: unknown, values?: readonly unknown[]) {
        const name = typeof text === "string" ? names.get(text) : undefined;
        return name ? send({ name, text, values }) : send(text, values);
      },
      // pg-pool gives the client a fresh release at each checkout.
      release: () => client.release(),
    } as unknown as PostgresPoolClient;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}
