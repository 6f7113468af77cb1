import { randomBytes } from "node:crypto";
import type { Build } from "./build.ts";
import { Browser } from "./client.ts";
import { Server } from "./server.ts";
import { freePort } from "./util.ts";

/**
 * What every process of one install shares beside its database: the session secret, so a
 * tablet's or a visitor's cookie signed by one is read by another (as the network's compose file
 * sets it).
 */
export const sharedSecret = () => ({ SESSION_SECRET: randomBytes(32).toString("hex") });

/**
 * `count` more processes of the build's server on its database (or `databaseUrl`, a pooler in
 * front of it), with its settings; started one after the other. The caller stops them.
 */
export async function moreProcesses(
  build: Build,
  count: number,
  databaseUrl = build.server.databaseUrl,
  settings: Record<string, string> = {},
): Promise<Server[]> {
  const servers: Server[] = [];
  for (let i = 0; i < count; i++) {
    const server = new Server(build.server.main, databaseUrl, await freePort(), {
      ...build.server.settings,
      ...settings,
    });
    servers.push(server);
    await server.start();
  }
  return servers;
}

/** The build's staff on another process: the same API token, its own connection. */
export function staffOn(build: Build, server: Server): Browser {
  const staff = new Browser(server.origin);
  staff.bearer = build.staff.bearer;
  return staff;
}
