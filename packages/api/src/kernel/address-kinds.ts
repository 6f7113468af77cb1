import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * What kind of network an IP address is on. One classification, two policies: a webhook goes to
 * public addresses alone (webhooks/addresses.ts), a label printer sits on the site's own network,
 * private or loopback (labels/printer-address.ts).
 *
 * - loopback: this machine (127/8, ::1)
 * - private: a site's own network (10/8, 172.16/12, 192.168/16, fc00::/7)
 * - link-local: 169.254/16, fe80::/10, never routed, and where clouds answer for their machines
 * - metadata: a cloud's instance metadata service, which hands out the machine's credentials
 * - shared: carrier-grade NAT (100.64/10), a provider's network rather than the site's
 * - reserved: unspecified, documentation, benchmarking, multicast and other special ranges
 * - public: anything else
 */
export type AddressKind =
  "public" | "loopback" | "private" | "link-local" | "metadata" | "shared" | "reserved";

const ranges: Record<Exclude<AddressKind, "public" | "metadata">, BlockList> = {
  loopback: new BlockList(),
  private: new BlockList(),
  "link-local": new BlockList(),
  shared: new BlockList(),
  reserved: new BlockList(),
};

const v4: Array<[Exclude<AddressKind, "public" | "metadata">, string, number]> = [
  ["reserved", "0.0.0.0", 8],
  ["private", "10.0.0.0", 8],
  ["shared", "100.64.0.0", 10],
  ["loopback", "127.0.0.0", 8],
  ["link-local", "169.254.0.0", 16],
  ["private", "172.16.0.0", 12],
  ["reserved", "192.0.0.0", 24],
  ["reserved", "192.0.2.0", 24],
  ["private", "192.168.0.0", 16],
  ["reserved", "198.18.0.0", 15],
  ["reserved", "198.51.100.0", 24],
  ["reserved", "203.0.113.0", 24],
  ["reserved", "224.0.0.0", 3],
];
const v6: Array<[Exclude<AddressKind, "public" | "metadata">, string, number]> = [
  ["reserved", "::", 128],
  ["loopback", "::1", 128],
  ["reserved", "64:ff9b:1::", 48],
  ["reserved", "100::", 64],
  ["reserved", "2001:db8::", 32],
  ["private", "fc00::", 7],
  ["link-local", "fe80::", 10],
  ["reserved", "fec0::", 10],
  ["reserved", "ff00::", 8],
];
for (const [kind, network, prefix] of v4) ranges[kind].addSubnet(network, prefix, "ipv4");
for (const [kind, network, prefix] of v6) ranges[kind].addSubnet(network, prefix, "ipv6");

/**
 * The metadata services' own addresses: AWS, GCP, Azure and OpenStack at 169.254.169.254 (ECS's
 * task metadata at 169.254.170.2), AWS's IPv6 one inside the private range, Alibaba's inside the
 * shared one.
 */
const metadataAddresses = new BlockList();
for (const address of ["169.254.169.254", "169.254.170.2", "100.100.100.200"])
  metadataAddresses.addAddress(address, "ipv4");
metadataAddresses.addAddress("fd00:ec2::254", "ipv6");

/** Names that reach a metadata service, whatever a resolver answers for them here. */
const metadataNames = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.internal",
]);

/** A host name (no brackets, any case, perhaps a trailing dot) that names a metadata service. */
export const isMetadataName = (host: string) =>
  metadataNames.has(host.toLowerCase().replace(/\.$/, ""));

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

function kindIn(address: string, family: "ipv4" | "ipv6"): AddressKind {
  if (metadataAddresses.check(address, family)) return "metadata";
  for (const [kind, list] of Object.entries(ranges))
    if (list.check(address, family)) return kind as AddressKind;
  return "public";
}

/**
 * The kind of an IP address; an IPv6 address that carries an IPv4 one is that IPv4 address's kind.
 * Anything that is not an IP address is "reserved": no policy lets it through.
 */
export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 4) return kindIn(address, "ipv4");
  if (family !== 6) return "reserved";
  // ::1 is of the IPv4-compatible form too, yet it is IPv6's loopback.
  if (ranges.loopback.check(address, "ipv6")) return "loopback";
  const inner = embeddedIpv4(address);
  if (inner !== undefined) return kindIn(inner, "ipv4");
  return kindIn(address, "ipv6");
}

export type ResolvedAddress = { address: string; family: number };

/**
 * Every address a host (a name or an IP address) resolves to, none when it does not resolve. A
 * caller checks them all and connects to one of these, never resolving again, so DNS cannot answer
 * differently between the check and the connection.
 */
export async function resolveHost(host: string): Promise<ResolvedAddress[]> {
  if (isIP(host)) return [{ address: host, family: isIP(host) }];
  try {
    return await lookup(host, { all: true, verbatim: true });
  } catch {
    return [];
  }
}
