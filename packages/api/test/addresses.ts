/** An address of its own (10.0.0.1 and up): in process, the address a context is made with. */
let addressCounter = 0;
export function newAddress(): string {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}
