import { sql } from "kysely";
import type { Db } from "./client.ts";

/**
 * What autovacuum does on a PostgreSQL server, which embedded PGlite (one process, no background
 * workers) never gets: dead rows reclaimed and statistics renewed. Without statistics a table stays,
 * to the planner, the nearly empty one it first saw, and a statement planned once for the
 * connection's life (a foreign key's check) reads it whole however large it grows. Renewing them
 * replans those statements too. For the embedded database only: callers leave a server's to
 * autovacuum.
 */
export async function upkeepEmbedded(db: Db): Promise<void> {
  await sql`vacuum analyze`.execute(db.kysely);
}
