import pg from "pg";
import { describe, expect, it } from "vitest";
import { isoString, timestamptzParser } from "../src/timestamps.ts";

// pg's own parser, as it is before client.ts puts ours in its place (this file does not load client.ts).
const pgParser = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);
const parse = timestamptzParser(pgParser);

describe("timestamptz from pg", () => {
  it("reads every form PostgreSQL writes as pg's own parser does", () => {
    const texts = [
      "2026-11-23 00:15:37+00",
      "2026-11-23 00:15:37.5+00",
      "2026-11-23 00:15:37.029+00",
      "2026-11-23 00:15:37.999999+00",
      "2026-11-23 00:15:37.123456-03",
      "2026-03-08 02:30:00+05:30",
      "2026-03-08 02:30:00.25-09:30",
      "2024-02-29 23:59:59.999+14",
      "1000-01-01 00:00:00+00",
      "9999-12-31 23:59:59.999999+00",
      "1970-01-01 00:00:00+00",
      // pg's parser answers these (the fast path does not).
      "0099-06-01 12:00:00+00",
      "0044-03-15 12:00:00+00 BC",
      "10000-01-01 00:00:00+00",
      "1883-11-18 12:03:58-04:56:02",
      "infinity",
      "-infinity",
    ];
    for (const text of texts) expect(parse(text), text).toEqual(pgParser(text));
    for (let micros = 0; micros < 1_000_000; micros += 997) {
      const fraction = String(micros).padStart(6, "0").replace(/0+$/, "");
      const text = `2026-11-23 00:15:37${fraction ? `.${fraction}` : ""}+00`;
      expect(parse(text), text).toEqual(pgParser(text));
    }
  });

  it("reads PostgreSQL's usual form by itself", () => {
    const handedOver: string[] = [];
    const own = timestamptzParser((text) => handedOver.push(text));
    own("2026-11-23 00:15:37.029+00");
    own("2026-03-08 02:30:00+05:30");
    expect(handedOver).toEqual([]);
  });

  it("leaves what is not a timestamp to pg's parser", () => {
    for (const text of ["2026-11-23 0a:15:37+00", "2026-11-23 00:15:37+0", "2026-11-23 00:15:37Z"])
      expect(parse(text), text).toEqual(pgParser(text));
  });
});

describe("isoString", () => {
  it("writes what toISOString writes, across 1970-9999 and at its edges", () => {
    const dayMs = 86_400_000;
    const times = [0, 1, 999, 1000, 59_999, dayMs - 1, 951_782_400_000, 253_402_300_799_999];
    // Every fifth day from 1970 to 9999 (each leap day among them, as 5 and 1461 are coprime) at a
    // time of day that moves, so each field takes many values.
    for (let day = 0; day < 2_932_897; day += 5)
      times.push(day * dayMs + ((day * 7_919_993) % dayMs));
    const differ = times.filter((t) => isoString(new Date(t)) !== new Date(t).toISOString());
    expect(differ).toEqual([]);
  });

  it("hands dates outside 1970-9999 to toISOString", () => {
    for (const t of [-1, -62_198_755_200_000, 253_402_300_800_000, 8.64e15]) {
      expect(isoString(new Date(t))).toBe(new Date(t).toISOString());
    }
    expect(() => isoString(new Date(Number.NaN))).toThrow(RangeError);
  });
});
