/**
 * timestamptz as pg hands it over (PostgreSQL's ISO output, "2026-11-23 00:15:37.029+00"), read
 * into a Date without pg's general parser (four regular expressions per value): a sheet of 25
 * visits reads 75 of them per call. Anything else (years before 1000 or after 9999, BC, an offset
 * with seconds, infinity) goes to pg's own parser, `fallback`.
 */
export function timestamptzParser(fallback: (text: string) => unknown) {
  return (text: string): unknown => {
    const length = text.length;
    if (
      length < 22 ||
      text.charCodeAt(4) !== 45 || // -
      text.charCodeAt(7) !== 45 ||
      text.charCodeAt(10) !== 32 || // space
      text.charCodeAt(13) !== 58 || // :
      text.charCodeAt(16) !== 58
    )
      return fallback(text);
    const year = digits(text, 0, 4);
    let at = 19;
    let ms = 0;
    if (text.charCodeAt(at) === 46) {
      // Microseconds: the first three digits are the milliseconds, the rest is cut off as Date does.
      let scale = 100;
      for (at++; at < length; at++) {
        const d = text.charCodeAt(at) - 48;
        if (d < 0 || d > 9) break;
        ms += d * scale;
        scale /= 10;
      }
      ms = Math.floor(ms);
    }
    const sign = text.charCodeAt(at);
    const end = length - at;
    if (year < 1000 || (sign !== 43 && sign !== 45) || (end !== 3 && end !== 6))
      return fallback(text);
    if (end === 6 && text.charCodeAt(at + 3) !== 58) return fallback(text);
    const offsetMinutes =
      digits(text, at + 1, at + 3) * 60 + (end === 6 ? digits(text, at + 4, at + 6) : 0);
    const utc = Date.UTC(
      year,
      digits(text, 5, 7) - 1,
      digits(text, 8, 10),
      digits(text, 11, 13),
      digits(text, 14, 16),
      digits(text, 17, 19),
      ms,
    );
    if (Number.isNaN(utc) || Number.isNaN(offsetMinutes)) return fallback(text);
    return new Date(utc - (sign === 43 ? 1 : -1) * offsetMinutes * 60_000);
  };
}

/** The decimal number in text[from, to), NaN unless every character is a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return value;
}
