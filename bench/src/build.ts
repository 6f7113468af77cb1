import { admin, createSite, staffBrowser, type Browser, type Site } from "./client.ts";
import { createDatabase } from "./pg.ts";
import { Server } from "./server.ts";
import { freePort, log } from "./util.ts";

/** A server build running on a fresh database of its own, with an admin's API token and a site. */
export interface Build {
  name: "after" | "before";
  database: string;
  server: Server;
  staff: Browser;
  /** 4 locations × 5 programs: 20 sheets. */
  site: Site;
}

export async function startBuild(
  name: Build["name"],
  main: string,
  stamp: string,
  settings: Record<string, string> = {},
): Promise<Build> {
  const database = `vsi_bench_${stamp}_${name}`;
  const server = new Server(main, await createDatabase(database), await freePort(), settings);
  await server.start(); // migrates
  await server.createAdmin(admin.email, admin.password);
  const staff = await staffBrowser(server.origin);
  const site = await createSite(staff, 4, 5);
  log(`${name}: ${main} on ${server.origin}, database ${database}`);
  return { name, database, server, staff, site };
}

/**
 * Another server build on an existing build's database and site, for a comparison over the same
 * rows (the history's): its migrations must be the same as the database's.
 */
export async function attachBuild(name: Build["name"], main: string, to: Build): Promise<Build> {
  const server = new Server(main, to.server.databaseUrl, await freePort());
  await server.start();
  const staff = await staffBrowser(server.origin);
  log(`${name}: ${main} on ${server.origin}, database ${to.database}`);
  return { name, database: to.database, server, staff, site: to.site };
}
