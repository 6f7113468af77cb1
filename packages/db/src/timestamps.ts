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

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, computed in arithmetic (days to a civil date, as in Howard Hinnant's
 * `civil_from_days`): about twice as fast as V8's own, and a sheet of 25 visits writes 75 of them
 * per call. Dates outside 1970–9999 go to toISOString.
 */
export function isoString(date: Date): string {
  const time = date.getTime();
  if (!(time >= 0 && time < 253_402_300_800_000)) return date.toISOString();
  const ms = time % 1000;
  const seconds = (time - ms) / 1000;
  const secondOfDay = seconds % 86_400;
  const z = (seconds - secondOfDay) / 86_400 + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay % 3600) / 60);
  const second = secondOfDay % 60;
  const millis = ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : `${ms}`;
  return `${year}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hour)}:${twoDigits(minute)}:${twoDigits(second)}.${millis}Z`;
}
