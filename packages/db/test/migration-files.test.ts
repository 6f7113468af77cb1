import { describe, expect, it } from "vitest";
import { writeSchemaCommand } from "../src/describe-schema.ts";
import { migrationChecksums, landedChecksums } from "../src/migration-files.ts";
import { migrations } from "../src/migrations/index.ts";

describe("migration files", () => {
  it("are each as they landed: a landed migration is never edited", () => {
    const files = migrationChecksums();
    for (const [name, checksum] of Object.entries(landedChecksums())) {
      expect(
        files[name],
        `src/migrations/${name}.ts changed after it landed: a landed migration is never edited or ` +
          `removed (an install that ran it will not run it again), write a new one. If it has not ` +
          `landed on main yet, remove its line from src/migrations/checksums.json and run ` +
          `\`${writeSchemaCommand}\`.`,
      ).toBe(checksum);
    }
  });

  it("are each listed with their checksum and run", () => {
    const names = Object.keys(migrationChecksums());
    const landed = landedChecksums();
    expect(
      names.filter((name) => !(name in landed)),
      `run \`${writeSchemaCommand}\` to list new migrations in src/migrations/checksums.json`,
    ).toEqual([]);
    expect(Object.keys(migrations).sort(), "src/migrations/index.ts lists every file").toEqual(
      names,
    );
  });
});
