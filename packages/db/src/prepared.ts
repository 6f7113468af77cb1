import type {
  Compilable,
  CompiledQuery,
  PostgresPool,
  PostgresPoolClient,
  QueryResult,
} from "kysely";
import type pg from "pg";

/**
 * Statements sent as named prepared statements: PostgreSQL parses and plans each once per
 * connection rather than on every call, and the client sends its bind values only. For the few
 * statements that run on every tablet call (a bounded set of texts: values are always parameters);
 * a text must name its result columns (no `*`), so a column added by a later migration cannot
 * change a prepared statement's result under a running server.
 */
const names = new Map<string, string>();

/**
 * A Kysely query's rows, the query run as a named prepared statement on PostgreSQL (its text
 * registered on first use; PGlite runs it as is).
 */
export async function runPrepared<O>(
  db: { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> },
  query: Compilable<O>,
): Promise<O[]> {
  const compiled = query.compile();
  if (!names.has(compiled.sql)) names.set(compiled.sql, `vsi_${names.size + 1}`);
  return (await db.executeQuery(compiled)).rows;
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
