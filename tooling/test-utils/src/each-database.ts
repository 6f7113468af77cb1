import { afterAll } from "vitest";
import { createTestDatabase } from "./database.ts";

/**
 * A test file's fresh databases, one of each kind, by name: the embedded one (`open()`), and a new
 * database on the PostgreSQL server (`open(url)`; undefined without a server, outside CI). Each is
 * closed, and dropped from the server, after the file. `open` is the package's own createDb, so
 * this helper needs no database package of its own.
 */
export function eachDatabase<D extends { close(): Promise<void> }>(
  open: (databaseUrl?: string) => Promise<D>,
): Record<string, () => Promise<D | undefined>> {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  return {
    "embedded PGlite": async () => {
      const db = await open();
      cleanups.push(() => db.close());
      return db;
    },
    "the PostgreSQL server": async () => {
      const database = await createTestDatabase();
      if (!database) return undefined;
      const db = await open(database.url);
      cleanups.push(
        () => database.drop(),
        () => db.close(),
      );
      return db;
    },
  };
}
