import { z } from "zod";
import { id } from "../kernel/schema.ts";
import { labelSizes } from "./printer-schema.ts";

export const labelInput = z.object({
  id,
  size: z
    .enum(labelSizes)
    .optional()
    .meta({ description: "the page to lay the ticket out on; default the location's LabelSize" }),
});

/** A visit's latest label sent to the location's printer. */
export const labelPrintSchema = z
  .object({
    State: z
      .enum(["sending", "printed", "failed"])
      .meta({ description: "sending until the printer took it or the send failed" }),
    Attempt: z.number().int().meta({ description: "which print of the visit this is, from 1" }),
    Error: z.string().nullable().meta({ description: "why it failed (refused, timed out…)" }),
    RequestedAt: z.string(),
    FinishedAt: z.string().nullable(),
  })
  .meta({ id: "LabelPrint" });

/** A visit's ticket, laid out on a size: its lines already shortened to fit, and its QR code. */
export const labelSchema = z
  .object({
    VisitId: z.number().int(),
    Size: z.enum(labelSizes),
    Width: z.string().meta({ description: "the page's width, a CSS length (62mm, 2.25in…)" }),
    Height: z.string(),
    Number: z
      .string()
      .nullable()
      .meta({ description: "the visit's number in the line (#12), null when it has none" }),
    Name: z.string().meta({ description: "first name and last initial, shortened to fit" }),
    Program: z.string(),
    Date: z.string().meta({ description: "the visit's day at its location, YYYY-MM-DD" }),
    Url: z.string().meta({ description: "the staff page of the visit, which the QR code holds" }),
    Qr: z
      .object({
        Size: z.number().int().meta({ description: "modules per side" }),
        Path: z.string().meta({ description: "SVG path of the dark modules, one unit each" }),
      })
      .meta({ description: "the QR code of Url" }),
    HasPrinter: z.boolean().meta({ description: "whether the location has a label printer" }),
    Print: labelPrintSchema.nullable().meta({ description: "the latest print sent to it" }),
  })
  .meta({ id: "Label" });
export type Label = z.output<typeof labelSchema>;
