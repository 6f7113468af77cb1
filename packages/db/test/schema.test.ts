import { describe, expect, it } from "vitest";
import {
  committedSchema,
  describeSchema,
  schemaFile,
  writeSchemaCommand,
} from "../src/describe-schema.ts";
import { eachMigratedDatabase } from "../src/testing.ts";

const databases = eachMigratedDatabase();

describe("schema.sql", () => {
  for (const [where, open] of Object.entries(databases)) {
    it(`is the schema the migrations make, on ${where}`, async (ctx) => {
      const db = await open();
      if (!db) return ctx.skip();
      expect(
        await describeSchema(db.kysely),
        `${schemaFile} is not what the migrations make: run \`${writeSchemaCommand}\` and commit it`,
      ).toBe(await committedSchema());
    });
  }
});
