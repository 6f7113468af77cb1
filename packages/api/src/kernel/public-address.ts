import { networkInterfaces, type NetworkInterfaceInfo } from "node:os";
import type { Context } from "./context.ts";

/**
 * This machine's IPv4 addresses on its local networks (loopback left out), at most three: how the
 * other devices at a site (tablets, visitors' phones) reach a server run on a computer there. The
 * start-up frame lists them, and a poster that names only this computer suggests them.
 */
export function localNetworkAddresses(
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  return Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((info) => info.family === "IPv4" && !info.internal)
    .slice(0, 3)
    .map((info) => info.address);
}

/** A host name that reaches only the machine it is typed on. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return (
    host === "localhost" ||
    host.endsWith(".localhost") ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === "::1" ||
    host === "::ffff:127.0.0.1" ||
    host === "0.0.0.0" ||
    host === "::"
  );
}

/** A Host header as a browser sends one: a name or an address, perhaps a port, nothing else. */
const hostHeader =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `protocol://host` of a request, when its Host is one a browser could have sent. */
export function requestOrigin(protocol: string | undefined, host: string | undefined) {
  if (!host || !hostHeader.test(host)) return undefined;
  return `${protocol === "https" ? "https" : "http"}://${host.toLowerCase()}`;
}

/**
 * Where the links and QR codes handed to people start (invites, door posters): BASE_URL when it is
 * set; else the address a signed-in staff member's request came to, the one they reach the server
 * by, so likely the one others at the site do too; else BASE_URL's default, this machine. An
 * anonymous request's Host is never used: anyone may send any, and a password reset link built
 * from it would go to a server of their choosing.
 */
export function linkBase(ctx: Pick<Context, "services" | "identity" | "origin">): string {
  const { publicUrl, baseUrl } = ctx.services.config;
  if (publicUrl) return publicUrl;
  if (ctx.identity.kind === "user" && ctx.origin) return ctx.origin;
  return baseUrl;
}

/**
 * When a link starting at `base` names only this computer: the addresses other devices on its
 * network could use instead (with the same port), possibly none known.
 */
export function unreachableFromPhones(
  ctx: Pick<Context, "services">,
  base: string,
): { host: string; alternatives: string[] } | undefined {
  const url = new URL(base);
  if (!isLoopbackHost(url.hostname)) return undefined;
  const addresses = ctx.services.config.localNetworkAddresses?.() ?? [];
  const port = url.port ? `:${url.port}` : "";
  return {
    host: url.hostname,
    alternatives: addresses.map((address) => `${url.protocol}//${address}${port}`),
  };
}
