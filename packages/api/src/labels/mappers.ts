import type { LabelPrintState, LabelSize, LocationLabelsTable } from "@vsi/db";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import { defaultLabelSize } from "./printer-schema.ts";

/** A location's label settings row (none: the defaults) as the location's LabelPrinter and LabelSize. */
export function toLocationLabels(row: {
  label_size: LabelSize | null;
  printer_kind: LocationLabelsTable["printer_kind"];
  printer_host: string | null;
  printer_port: number | null;
}) {
  return {
    LabelPrinter:
      row.printer_kind && row.printer_host !== null && row.printer_port !== null
        ? { kind: row.printer_kind, host: row.printer_host, port: row.printer_port }
        : null,
    LabelSize: row.label_size ?? defaultLabelSize,
  };
}

/** The visit's latest print, as GET /visits/{id}/label says it; null when none was sent. */
export function toLabelPrint(row: {
  print_state: LabelPrintState | null;
  print_attempt: number | null;
  print_error: string | null;
  print_requested_at: Date | null;
  print_finished_at: Date | null;
}) {
  if (row.print_state === null || row.print_requested_at === null) return null;
  return {
    State: row.print_state,
    Attempt: row.print_attempt ?? 1,
    Error: row.print_error,
    RequestedAt: iso(row.print_requested_at),
    FinishedAt: isoOrNull(row.print_finished_at),
  };
}

/** A QR code's dark modules as one SVG path, a unit square each, run by run along each row. */
export function qrPath(modules: {
  size: number;
  get(row: number, column: number): number | boolean;
}) {
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    let x = 0;
    while (x < modules.size) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < modules.size && modules.get(y, x)) x++;
      parts.push(`M${start} ${y}h${x - start}v1h-${x - start}z`);
    }
  }
  return parts.join("");
}
