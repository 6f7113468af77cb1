import { z } from "zod";
import { say, labelMessages } from "../kernel/messages.ts";

/** The pages a ticket prints on: a 62 × 29 mm roll label, a 2.25 × 1.25 in label, a letter page. */
export const labelSizes = ["62x29mm", "2.25x1.25in", "letter"] as const;
export type LabelSize = (typeof labelSizes)[number];
export const defaultLabelSize: LabelSize = "62x29mm";

/** A host name, or an IP address (an IPv6 one perhaps in brackets, as in a URL). */
const hostShape =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\]|[0-9a-f:.]+)$/i;

/**
 * A network label printer that speaks ZPL on a TCP port (9100 on Zebra-compatible printers). Where
 * its host may be (the site's own network) is checked when it is saved and again at each print
 * (printer-address.ts): a name resolves anew each time.
 */
export const labelPrinterSchema = z
  .object({
    kind: z.literal("zpl"),
    host: z
      .string()
      .trim()
      .min(1, say(labelMessages.printerHost))
      .max(253, say(labelMessages.printerHost))
      .regex(hostShape, say(labelMessages.printerHost))
      // Brackets as typed around an IPv6 address are not part of it.
      .transform((host) => host.replace(/^\[(.*)\]$/, "$1"))
      .meta({ description: "the printer's IP address or host name, on the site's own network" }),
    port: z
      .number({ error: say(labelMessages.printerPort) })
      .int({ message: say(labelMessages.printerPort), abort: true })
      .min(1, say(labelMessages.printerPort))
      .max(65535, say(labelMessages.printerPort))
      .default(9100)
      .meta({ description: "its raw TCP port, 9100 on most" }),
  })
  .meta({ description: "a network label printer (ZPL over TCP)" });
export type LabelPrinter = z.output<typeof labelPrinterSchema>;

/** What a location answers with: the printer, and the ticket's page size for the browser. */
export const locationLabelOutputs = {
  LabelPrinter: z
    .object({ kind: z.literal("zpl"), host: z.string(), port: z.number().int() })
    .nullable()
    .meta({
      description:
        "a network label printer the server sends ZPL to (TCP); null: none. Set by admins; answered to staff and tablets only",
    }),
  LabelSize: z.enum(labelSizes).meta({
    description: "the page a ticket prints on in the browser: 62x29mm, 2.25x1.25in or letter",
  }),
};

/** What an admin sends (each optional on an update; left out, unchanged). */
export const locationLabelInputs = {
  LabelPrinter: labelPrinterSchema
    .nullable()
    .meta({ description: "a ZPL label printer on the site's network; null removes it" }),
  LabelSize: z.enum(labelSizes),
};
