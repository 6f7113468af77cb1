import {
  addressKind,
  isMetadataName,
  resolveHost,
  type ResolvedAddress,
} from "../kernel/address-kinds.ts";
import { said, labelMessages, type KeyedMessage } from "../kernel/messages.ts";

/**
 * Where a label printer may be: on the site's own network, a private address, or this machine
 * (loopback). Never a public address (labels would leave the site, and the server could be made to
 * send bytes anywhere), link-local, a cloud's metadata service, carrier NAT or a reserved range.
 * The webhooks' policy is the opposite one over the same classification.
 */
export class RefusedPrinter extends Error {
  constructor(readonly reason: KeyedMessage) {
    super(reason.message);
  }
}

function refusal(host: string, address: string): KeyedMessage | undefined {
  const kind = addressKind(address);
  switch (kind) {
    case "private":
    case "loopback":
      return undefined;
    case "public":
      return said(labelMessages.printerPublic, { host, address });
    case "link-local":
      return said(labelMessages.printerLinkLocal, { host, address });
    case "metadata":
      return said(labelMessages.printerMetadata, { host });
    case "shared":
    case "reserved":
      return said(labelMessages.printerReserved, { host, address });
  }
}

/**
 * Every address the printer's host resolves to, each on the site's network; else RefusedPrinter
 * saying why. A name is resolved at each call (saving, and each print): one that answered a
 * private address when saved and a public one later (DNS rebinding) is refused then. The sender
 * connects to one of these addresses, never resolving again.
 */
export async function printerAddresses(host: string): Promise<ResolvedAddress[]> {
  if (isMetadataName(host)) throw new RefusedPrinter(said(labelMessages.printerMetadata, { host }));
  const addresses = await resolveHost(host);
  if (addresses.length === 0)
    throw new RefusedPrinter(said(labelMessages.printerUnresolved, { host }));
  for (const { address } of addresses) {
    const refused = refusal(host, address);
    if (refused) throw new RefusedPrinter(refused);
  }
  return addresses;
}

/** Why a host may not be a label printer's, or undefined. */
export async function printerHostProblem(host: string): Promise<KeyedMessage | undefined> {
  try {
    await printerAddresses(host);
    return undefined;
  } catch (error) {
    if (error instanceof RefusedPrinter) return error.reason;
    throw error;
  }
}
