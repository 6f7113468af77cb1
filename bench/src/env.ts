import type { Browser } from "./client.ts";
import { createSite, setUpTablet, staffBrowser, type Site } from "./client.ts";
import { createDatabase } from "./pg.ts";
import { createAdmin, Server } from "./server.ts";
import { adminEmail, adminPassword } from "./client.ts";
import { freePort, log } from "./util.ts";
import path from "node:path";

/** A database with an admin, a running production server, and a staff client with an API token. */
export interface Env {
  database: string;
  databaseUrl: string;
  server: Server;
  staff: Browser;
}

/** `script`: another build's main.js (its cli.js beside it makes the admin), on a database of its own. */
export async function createEnv(database: string, script?: string): Promise<Env> {
  const databaseUrl = await createDatabase(database);
  const server = new Server({ databaseUrl, port: await freePort(), ...(script ? { script } : {}) });
  await server.start(); // migrates
  await createAdmin(
    databaseUrl,
    adminEmail,
    adminPassword,
    script ? path.join(path.dirname(script), "cli.js") : undefined,
  );
  const staff = await staffBrowser(server.origin);
  log(`${database}: server pid ${server.pid} on ${server.origin}`);
  return { database, databaseUrl, server, staff };
}

export async function tabletsFor(
  env: Env,
  site: Site,
  count: number,
  sheets = site.locationIds.length * site.programIds.length,
) {
  const tablets = [];
  for (let i = 0; i < count; i++) {
    const sheet = i % sheets;
    const locationId = site.locationIds[sheet % site.locationIds.length]!;
    const programId =
      site.programIds[Math.floor(sheet / site.locationIds.length) % site.programIds.length]!;
    tablets.push({
      index: i,
      browser: await setUpTablet(env.staff, locationId),
      locationId,
      programId,
    });
  }
  return tablets;
}

export { createSite };
