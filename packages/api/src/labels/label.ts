import type { LabelSize } from "./printer-schema.ts";

/**
 * A ticket's content and how it is laid out on each size, as pure functions: the same lines go to
 * the printer (zpl.ts) and to the browser's print page, so both shorten a name alike.
 */

/** What a ticket says. `number` is the visit's place in the line, shown when there is one. */
export interface LabelData {
  number: number | null;
  firstName: string;
  lastName: string;
  program: string;
  /** The visit's day where it happened, YYYY-MM-DD. */
  date: string;
  /** What the QR code holds: the staff page that opens the visit. */
  url: string;
}

/** A size's page and the room each line has, in characters of the label's text height. */
export interface LabelLayout {
  size: LabelSize;
  /** The page, for the browser's @page and the printer's label. */
  width: string;
  height: string;
  /** Dots at 203 dpi (8 per mm), the usual thermal label printer's resolution. */
  widthDots: number;
  heightDots: number;
  /** How many characters fit beside the QR code on a line: the name's and program's. */
  nameChars: number;
  programChars: number;
}

export const labelLayouts: Record<LabelSize, LabelLayout> = {
  "62x29mm": {
    size: "62x29mm",
    width: "62mm",
    height: "29mm",
    widthDots: 496,
    heightDots: 232,
    nameChars: 14,
    programChars: 20,
  },
  "2.25x1.25in": {
    size: "2.25x1.25in",
    width: "2.25in",
    height: "1.25in",
    widthDots: 457,
    heightDots: 254,
    nameChars: 13,
    programChars: 18,
  },
  letter: {
    size: "letter",
    width: "8.5in",
    height: "11in",
    widthDots: 1727,
    heightDots: 2233,
    nameChars: 24,
    programChars: 32,
  },
};

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** East Asian wide characters, emoji and flags take two columns of a line. */
const wide =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F1E6}-\u{1F1FF}]|\p{Extended_Pictographic}/u;

const columns = (grapheme: string) => (wide.test(grapheme) ? 2 : 1);

/**
 * The text shortened to `room` columns with an ellipsis, cut between characters as a reader sees
 * them (grapheme clusters: an accent with its letter, an emoji with its modifiers, a flag), never
 * inside one. Text that fits is returned as it is.
 */
export function fitText(text: string, room: number): string {
  const parts = [...graphemes.segment(text.trim())].map((s) => s.segment);
  const total = parts.reduce((sum, part) => sum + columns(part), 0);
  if (total <= room) return parts.join("");
  let used = 0;
  let kept = "";
  for (const part of parts) {
    if (used + columns(part) > room - 1) break;
    used += columns(part);
    kept += part;
  }
  return `${kept.trimEnd()}…`;
}

/** The first grapheme of a last name, as its initial. */
export function initialOf(lastName: string): string {
  const first = graphemes.segment(lastName.trim())[Symbol.iterator]().next();
  return first.done ? "" : first.value.segment;
}

/** The lines a ticket prints, each shortened to its room on the size. */
export interface LabelLines {
  number: string | null;
  name: string;
  program: string;
  date: string;
  url: string;
}

export function labelLines(data: LabelData, size: LabelSize): LabelLines {
  const layout = labelLayouts[size];
  const initial = initialOf(data.lastName);
  // The initial always shows: the first name gives way.
  const name = initial
    ? `${fitText(data.firstName, layout.nameChars - 2 - columns(initial))} ${initial}.`
    : fitText(data.firstName, layout.nameChars);
  return {
    number: data.number === null ? null : `#${data.number}`,
    name,
    program: fitText(data.program, layout.programChars),
    date: data.date,
    url: data.url,
  };
}

/** The staff page that opens a visit, which a ticket's QR code holds. */
export const visitPageUrl = (base: string, visitId: number) =>
  `${base.replace(/\/+$/, "")}/dashboard/visits/${visitId}`;
