/** A fresh client address per call, so rate limits keyed by address do not leak between tests. */
let addressCounter = 0;
export function fromNewAddress(): Record<string, string> {
  addressCounter += 1;
  return { "x-forwarded-for": `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}` };
}

/** A loopback address of its own (127.0.0.2 and up), seen as the socket's address rather than a header's. */
let loopbackCounter = 1;
export function newLoopbackAddress(): string {
  loopbackCounter += 1;
  return `127.0.${Math.floor(loopbackCounter / 250)}.${(loopbackCounter % 250) + 1}`;
}
