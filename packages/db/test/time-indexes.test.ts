import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { eachMigratedDatabase } from "../src/testing.ts";

const databases = eachMigratedDatabase();

// Tables that gain a row with each sign-in, sign-out or delivery attempt, stamped with the time.
const appended = ["visits", "audit_log", "answer_figures", "webhook_attempts"];

describe("the indexes of tables written at every sign-in", () => {
  for (const [where, open] of Object.entries(databases)) {
    it(`sort every key ascending, so a new row goes at the right end of its range, on ${where}`, async (ctx) => {
      const db = await open();
      if (!db) return ctx.skip();
      // A descending time key puts each new row at the left end, where a full page splits in two
      // halves (half-empty pages, half a page logged) instead of leaving 90% behind; a newest-first
      // read walks an ascending index backwards just as well.
      const { rows } = await sql<{ index: string; column: string }>`
        select i.indexrelid::regclass::text as index, a.attname as column
        from pg_index i
        cross join lateral unnest(i.indkey::int2[], i.indoption::int2[]) with ordinality
          as k(attnum, option, n)
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid::regclass::text = any(${appended}::text[])
          and k.n <= i.indnkeyatts and k.option & 1 = 1
        order by 1, k.n`.execute(db.kysely);
      expect(rows).toEqual([]);
    });
  }
});
