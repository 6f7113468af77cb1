import { sql } from "kysely";
import type { Db } from "./client.ts";

/**
 * What autovacuum does on a PostgreSQL server, which embedded PGlite (one process, no background
 * workers) never gets: dead rows reclaimed and statistics renewed. Without statistics a table stays,
 * to the planner, the nearly empty one it first saw, and a statement planned once for the
 * connection's life (a foreign key's check) reads it whole however large it grows. Renewing them
 * replans those statements too. A server's database is left to autovacuum: false.
 */
export async function upkeepEmbedded(db: Db): Promise<boolean> {
  if (db.kind !== "pglite") return false;
  await sql`vacuum analyze`.execute(db.kysely);
  return true;
}
