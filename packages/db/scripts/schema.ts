// `pnpm --filter @vsi/db schema`: writes schema.sql, the schema a fresh install's migrations make,
// and adds each migration not yet in src/migrations/checksums.json to its end (the order they
// land in). A listed checksum is never rewritten here: a landed migration is never edited.
// Migrates a new database on the test server when one is named (TEST_DATABASE_URL or
// DATABASE_URL; fast), else in embedded PGlite (no server needed, a few seconds more).
import { writeFile } from "node:fs/promises";
import { createTestDatabase } from "@vsi/test-utils";
import { createDb } from "../src/client.ts";
import { describeSchema, schemaFile } from "../src/describe-schema.ts";
import { migrateToLatest } from "../src/migrate.ts";
import { checksumsFile, landedChecksums, migrationChecksums } from "../src/migration-files.ts";

const server = await createTestDatabase();
const db = await createDb(server ? { databaseUrl: server.url, poolSize: 1 } : { inMemory: true });
try {
  await migrateToLatest(db.kysely);
  await writeFile(schemaFile, await describeSchema(db.kysely));
} finally {
  await db.close();
  await server?.drop();
}

const landed = landedChecksums();
const added = Object.entries(migrationChecksums()).filter(([name]) => !(name in landed));
await writeFile(
  checksumsFile,
  `${JSON.stringify({ ...landed, ...Object.fromEntries(added) }, null, 2)}\n`,
);
const listed = added.length > 0 ? `; listed ${added.map(([name]) => name).join(", ")}` : "";
process.stdout.write(`wrote ${schemaFile}${listed}\n`);
