import { labelLayouts, type LabelLines } from "./label.ts";
import type { LabelSize } from "./printer-schema.ts";

/**
 * A field's text for ^FH: characters that are plain in ZPL as they are, every other byte of its
 * UTF-8 (^CI28) as _XX, so a name can never carry a ^ or ~ that the printer would read as a command.
 */
export function zplFieldText(text: string): string {
  let out = "";
  for (const char of text) {
    if (/^[A-Za-z0-9 .,#:/()'!?+@-]$/.test(char)) out += char;
    else
      for (const byte of Buffer.from(char, "utf8"))
        out += `_${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The label in ZPL II: its lines at the left, the QR code of the visit's page at the right. */
export function labelZpl(lines: LabelLines, size: LabelSize): string {
  const layout = labelLayouts[size];
  // The small labels at 203 dpi; a letter page three times as large.
  const scale = size === "letter" ? 3 : 1;
  const margin = 16 * scale;
  const magnification = size === "letter" ? 10 : 5;
  // A version 4 code (33 modules) holds the page's address of a site's server.
  const qrX = layout.widthDots - margin - 33 * magnification;
  const text = (y: number, height: number, value: string) =>
    `^FO${margin},${y}^A0N,${height},${height}^FH_^FD${zplFieldText(value)}^FS`;
  const fields: string[] = [];
  let y = 12 * scale;
  if (lines.number !== null) {
    fields.push(text(y, 56 * scale, lines.number));
    y += 64 * scale;
  }
  fields.push(text(y, 36 * scale, lines.name));
  y += 44 * scale;
  fields.push(text(y, 26 * scale, lines.program));
  y += 34 * scale;
  fields.push(text(y, 24 * scale, lines.date));
  return [
    "^XA",
    "^CI28",
    `^PW${layout.widthDots}`,
    `^LL${layout.heightDots}`,
    "^LH0,0",
    ...fields,
    // Error correction M, as the door's poster: a worn label still reads.
    `^FO${qrX},${8 * scale}^BQN,2,${magnification}^FDMA,${lines.url}^FS`,
    "^XZ",
    "",
  ].join("\n");
}
