import pg from "pg";
import { runState } from "./state.ts";

/** The journeys' database when it is a PostgreSQL server's; the embedded one is the server's alone. */
export function sharedDatabaseUrl(): string | undefined {
  const database = runState().database;
  if (!database) return undefined;
  const url = new URL(database.serverUrl);
  url.pathname = `/${database.name}`;
  return url.toString();
}

/** Makes a user's sessions look as if their password was typed `minutes` earlier. */
export async function ageSessions(userId: number, minutes: number): Promise<void> {
  const connectionString = sharedDatabaseUrl();
  if (!connectionString) throw new Error("ageSessions needs the PostgreSQL server");
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(
      "update sessions set created_at = created_at - make_interval(mins => $2) where user_id = $1",
      [userId, minutes],
    );
  } finally {
    await client.end();
  }
}
