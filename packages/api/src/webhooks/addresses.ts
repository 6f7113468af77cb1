import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { say, said, webhookMessages, type KeyedMessage } from "../kernel/messages.ts";

/**
 * Where a webhook may not go unless the site allows its own network: loopback, private, shared
 * (carrier NAT), link-local (cloud metadata at 169.254.169.254 among them), multicast, reserved
 * and unspecified addresses, in both families. An IPv6 address that carries an IPv4 one is checked
 * as that IPv4 address.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(network, prefix, "ipv6");

/** An IPv6 address's eight 16-bit groups (a dotted IPv4 tail read as the last two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest, ...more] = text.split("::");
  if (more.length) return undefined;
  const part = (s: string | undefined) => (s ? s.split(":") : []);
  const left = part(head);
  const right = part(rest);
  const zeros = rest === undefined ? 0 : 8 - left.length - right.length;
  if (zeros < 0) return undefined;
  const groups = [...left, ...Array<string>(zeros).fill("0"), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => parseInt(g, 16));
}

const dotted = (high: number, low: number) =>
  [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * The IPv4 address an IPv6 address carries, if it is of a form that carries one: IPv4-compatible
 * (::/96), -mapped (::ffff:0:0/96), -translated (::ffff:0:0:0/96), NAT64 (64:ff9b::/96) or 6to4
 * (2002::/16). Each reaches, or is routed towards, that IPv4 address.
 */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (g[0] === 0x2002) return dotted(g[1]!, g[2]!);
  const last = dotted(g[6]!, g[7]!);
  if (zero(0, 6)) return last;
  if (zero(0, 5) && g[5] === 0xffff) return last;
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return last;
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return last;
  return undefined;
}

/** Whether an IP address is one a webhook may not reach without WEBHOOKS_ALLOW_PRIVATE_NETWORKS. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner !== undefined) return blocked.check(inner, "ipv4");
  return blocked.check(address, "ipv6");
}

export class RefusedDestination extends Error {}

/** A URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Every address the host resolves to, refused if any of them is private (a name with one public
 * and one private address could be made to connect to either). The caller connects to one of
 * these, never resolving again, so DNS cannot answer differently between check and use.
 */
export async function checkedAddresses(
  host: string,
  allowPrivate: boolean,
): Promise<Array<{ address: string; family: number }>> {
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new RefusedDestination(`${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new RefusedDestination(`${host} does not resolve`);
  if (!allowPrivate) {
    const inside = addresses.find((a) => isPrivateAddress(a.address));
    if (inside)
      throw new RefusedDestination(
        `${host} resolves to ${inside.address}, a private or local address`,
      );
  }
  return addresses;
}

/** Why a URL may not be a webhook's, or undefined: plain http and private addresses need the switch. */
export async function destinationProblem(
  url: string,
  allowPrivate: boolean,
): Promise<KeyedMessage | string | undefined> {
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && !allowPrivate) return say(webhookMessages.webhookHttps);
  try {
    await checkedAddresses(hostOf(parsed), allowPrivate);
    return undefined;
  } catch (error) {
    if (!(error instanceof RefusedDestination)) throw error;
    return allowPrivate
      ? said(webhookMessages.webhookUnreachable, { reason: error.message })
      : said(webhookMessages.webhookPrivate, { reason: error.message });
  }
}
