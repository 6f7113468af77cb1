import QRCode from "qrcode";
import { idParam } from "../kernel/schema.ts";
import { conflict, notFound } from "../kernel/errors.ts";
import { assertLocationAccess } from "../kernel/permissions.ts";
import { linkBase } from "../kernel/public-address.ts";
import { labelMessages, say } from "../kernel/messages.ts";
import type { Context } from "../kernel/context.ts";
import { iso } from "../kernel/iso-time.ts";
import type { Identity } from "../kernel/identity.ts";
import { router, sheetProcedure } from "../kernel/trpc.ts";
import { labelInput, labelPrintSchema, labelSchema } from "./schema.ts";
import { labelLayouts, labelLines, visitPageUrl, type LabelLines } from "./label.ts";
import type { LabelSize } from "./printer-schema.ts";
import { labelZpl } from "./zpl.ts";
import { sendToPrinter } from "./printer.ts";
import { finishLabelPrint, startLabelPrint, visitForLabel, type VisitForLabel } from "./queries.ts";
import { qrPath, toLabelPrint } from "./mappers.ts";

const whose = {
  403: "A tablet of another location",
  404: "No such visit, another location's (staff), or one signed out already (a tablet)",
};

/**
 * The visit whose ticket the caller may have: staff their locations' visits; a tablet its own
 * location's visitors still signed in (the one just signed in is among them), never the names of
 * visits long gone.
 */
async function ticketVisit(ctx: Context<Exclude<Identity, { kind: "anonymous" }>>, id: number) {
  const visit = await visitForLabel(ctx.db, id);
  assertLocationAccess(ctx.identity, visit.location_id, "Visit");
  if (ctx.identity.kind === "tablet" && visit.time_out !== null) throw notFound("Visit");
  return visit;
}

/** The ticket's lines on a size; the number in the line when the location's queue is on. */
function ticketLines(ctx: Context, visit: VisitForLabel, size: LabelSize): LabelLines {
  const date = new Intl.DateTimeFormat("en-CA", {
    timeZone: visit.time_zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(visit.time_in);
  return labelLines(
    {
      number: visit.queue_number,
      firstName: visit.first_name,
      lastName: visit.last_name,
      program: visit.program_name,
      date,
      url: visitPageUrl(linkBase(ctx), visit.id),
    },
    size,
  );
}

export const labelsRouter = router({
  label: sheetProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/visits/{id}/label",
        tags: ["visits"],
        summary:
          "A visit's ticket laid out on a label size, for the browser's print dialog (staff of its location, or its location's tablet)",
        errorResponses: whose,
      },
    })
    .input(labelInput)
    .output(labelSchema)
    .query(async ({ ctx, input }) => {
      const visit = await ticketVisit(ctx, input.id);
      const size = input.size ?? visit.LabelSize;
      const lines = ticketLines(ctx, visit, size);
      const qr = QRCode.create(lines.url, { errorCorrectionLevel: "M" });
      return {
        VisitId: visit.id,
        Size: size,
        Width: labelLayouts[size].width,
        Height: labelLayouts[size].height,
        Number: lines.number,
        Name: lines.name,
        Program: lines.program,
        Date: lines.date,
        Url: lines.url,
        Qr: { Size: qr.modules.size, Path: qrPath(qr.modules) },
        HasPrinter: visit.LabelPrinter !== null,
        Print: toLabelPrint(visit),
      };
    }),

  print: sheetProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/visits/{id}/print",
        tags: ["visits"],
        summary:
          "Send the visit's label to its location's label printer (202): sent in the background; GET /visits/{id}/label says how it went",
        errorResponses: { ...whose, 409: "The location has no label printer" },
      },
      status: 202,
    })
    .input(idParam)
    .output(labelPrintSchema)
    .mutation(async ({ ctx, input }) => {
      const visit = await ticketVisit(ctx, input.id);
      const printer = visit.LabelPrinter;
      if (!printer) throw conflict(say(labelMessages.noLabelPrinter), {});
      const zpl = labelZpl(ticketLines(ctx, visit, visit.LabelSize), visit.LabelSize);
      const { db, services } = ctx;
      const requestedAt = services.now();
      const attempt = await startLabelPrint(db, visit.id, requestedAt);
      // Not awaited: a printer down or slow holds neither this answer nor the sign-in before it.
      // The outcome is written for staff to see; a database gone meanwhile leaves it "sending",
      // which staff can print again from.
      void sendToPrinter(printer, zpl, services.config.printerTimeoutMs)
        .then(
          () => ({ state: "printed" as const, error: null }),
          (error: unknown) => ({
            state: "failed" as const,
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .then((outcome) => finishLabelPrint(db, visit.id, attempt, outcome, services.now()))
        .catch(() => undefined);
      return {
        State: "sending" as const,
        Attempt: attempt,
        Error: null,
        RequestedAt: iso(requestedAt),
        FinishedAt: null,
      };
    }),
});
