import { describeOnPostgres, openTestDb, type TestDb } from "@vsi/db/testing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { copyCsv, writeBytes } from "./visits-csv-copy.ts";

// COPY exists only on a PostgreSQL server.
describeOnPostgres("COPY's bytes on their way to a download", () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await openTestDb();
  });
  afterAll(() => test?.close());

  it("come as the head alone, then in writes of at least writeBytes, not one per read of PostgreSQL's socket", async () => {
    const rows = 50_000;
    const stream = await copyCsv(
      test.db.pool!,
      `select g, repeat('x', 100) from generate_series(1, ${rows}) g`,
      {},
      "head\n",
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(chunks[0]!.toString()).toBe("head\n");
    const body = chunks.slice(1);
    expect(body.length).toBeGreaterThan(2);
    for (const chunk of body.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(writeBytes);
    // Every row, in order, once.
    const lines = Buffer.concat(body).toString().split("\n");
    expect(lines).toHaveLength(rows + 1);
    expect(lines[0]).toBe(`1,${"x".repeat(100)}`);
    expect(lines[rows - 1]).toBe(`${rows},${"x".repeat(100)}`);
  });
});
