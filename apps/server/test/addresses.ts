/** A fresh client address per call, so rate limits keyed by address do not leak between tests. */
let addressCounter = 0;
export function fromNewAddress(): Record<string, string> {
  addressCounter += 1;
  return { "x-forwarded-for": `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}` };
}
