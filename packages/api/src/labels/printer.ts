import { connect } from "node:net";
import type { LabelPrinter } from "./printer-schema.ts";
import { printerAddresses } from "./printer-address.ts";

/** A printer on the site's network answers within this or is down: connecting and writing, in all. */
export const printerTimeoutMs = 5_000;

/**
 * Sends the bytes to the printer's raw TCP port, ends the connection, and waits for the printer
 * to close its side: a ZPL printer answers nothing, and closes once it has read everything up to
 * the end. Bytes merely handed to this machine's network buffers prove nothing: a printer that
 * takes the connection and never reads would look printed. Its host is checked again here (a name
 * may resolve elsewhere than when it was saved), and the connection goes to the address checked.
 * Rejects with a short reason (refused, timed out, an address off the site's network) after at
 * most `timeoutMs`.
 */
export async function sendToPrinter(
  printer: Pick<LabelPrinter, "host" | "port">,
  bytes: string,
  timeoutMs = printerTimeoutMs,
): Promise<void> {
  const [target] = await printerAddresses(printer.host);
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host: target!.address, port: printer.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${printer.host}:${printer.port} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(`${printer.host}:${printer.port}: ${error.code ?? error.message}`));
    });
    // What the printer sends back is not read for anything, only drained so its close arrives.
    socket.resume();
    socket.once("connect", () => socket.end(bytes, "utf8"));
    socket.once("close", (hadError) => {
      if (hadError) return;
      clearTimeout(timer);
      resolve();
    });
  });
}
