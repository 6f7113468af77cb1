import { addressKind, resolveHost } from "../kernel/address-kinds.ts";
import { say, said, webhookMessages, type KeyedMessage } from "../kernel/messages.ts";

/**
 * Whether an IP address is one a webhook may not reach without WEBHOOKS_ALLOW_PRIVATE_NETWORKS:
 * anything but a public address (loopback, private, shared, link-local, metadata, reserved), an
 * IPv6 address that carries an IPv4 one checked as that IPv4 address.
 */
export const isPrivateAddress = (address: string): boolean => addressKind(address) !== "public";

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
  const addresses = await resolveHost(host);
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
