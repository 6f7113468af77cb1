import pg from "pg";
import { describe, expect, it } from "vitest";
import { timestamptzParser } from "../src/timestamps.ts";

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
