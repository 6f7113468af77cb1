/** A loopback address of its own (127.0.0.2 and up), seen as the socket's address rather than a header's. */
let loopbackCounter = 1;
export function newLoopbackAddress(): string {
  loopbackCounter += 1;
  return `127.0.${Math.floor(loopbackCounter / 250)}.${(loopbackCounter % 250) + 1}`;
}
