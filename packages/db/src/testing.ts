// Test databases for the packages that run on @vsi/db: which kind a test runs on, and a fresh,
// migrated one of that kind for each test world. Used by tests only.
import { openAsBlob } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase, inCi, testServerUrl, type TestDatabase } from "@vsi/test-utils";
import { afterAll, describe, inject } from "vitest";
import type { TestProject } from "vitest/node";
import { createDb, type Db, type DbConfig } from "./client.ts";
import { migrateToLatest } from "./migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database on the PostgreSQL server that test databases are copied from. */
    pgTemplate: string;
    /** Files holding the run's embedded databases, as initdb leaves one and migrated. */
    embeddedDumps: { empty: string; migrated: string } | undefined;
  }
}

export type DatabaseKind = "pglite" | "postgres";

/**
 * The database a test runs on unless it names one: the vitest project's (VSI_TEST_DATABASE), else
 * the PostgreSQL server when there is one (always in CI), else PGlite.
 */
export function defaultDatabaseKind(): DatabaseKind {
  const named = process.env.VSI_TEST_DATABASE;
  if (named === "pglite" || named === "postgres") return named;
  return testServerUrl() || inCi() ? "postgres" : "pglite";
}

/** Every kind this run can test on: both when there is a PostgreSQL server (always in CI). */
export function databaseKinds(): DatabaseKind[] {
  return testServerUrl() || inCi() ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * A describe about the PostgreSQL server alone: registered where the tests' database is the server
 * (always in CI), left out of the project that repeats the storage tests on PGlite (the other
 * project runs it), and shown as skipped when there is no server at all (never in CI).
 */
export function describeOnPostgres(name: string, tests: () => void) {
  if (defaultDatabaseKind() === "postgres") describe(name, tests);
  else if (!testServerUrl()) describe.skip(name, tests);
}

// The global setups' shared template: one per run, whichever projects ask for it.
const runTemplate = Symbol.for("vsi.testing.pgTemplate");
interface RunTemplate {
  made: Promise<TestDatabase | undefined>;
  users: number;
}

/**
 * A vitest global setup: once per run (shared by every project that calls it), a migrated database
 * on the PostgreSQL server that each test database is copied from (`CREATE DATABASE ... TEMPLATE`).
 * Returns its teardown.
 */
export async function provideMigratedTemplate(project: TestProject) {
  const shared = globalThis as { [runTemplate]?: RunTemplate };
  const run = (shared[runTemplate] ??= {
    users: 0,
    made: (async () => {
      const template = await createTestDatabase();
      if (template) {
        const db = await createDb({ databaseUrl: template.url, poolSize: 1 });
        try {
          await migrateToLatest(db.kysely);
        } finally {
          await db.close();
        }
      }
      return template;
    })(),
  });
  run.users += 1;
  const template = await run.made;
  project.provide("pgTemplate", template?.name ?? "");
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    delete shared[runTemplate];
    await template?.drop();
  };
}

/** An embedded database as initdb leaves it: initdb takes seconds. */
async function makeEmptyDump(): Promise<Blob> {
  const db = await createDb({ inMemory: true });
  try {
    return await db.embedded!.pglite.dumpDataDir("none");
  } finally {
    await db.close();
  }
}

/** A migrated embedded database, from an empty one: the migrations take seconds on PGlite. */
async function makeMigratedDump(empty: Blob): Promise<Blob> {
  const db = await createDb({ inMemory: true, copyOf: empty });
  try {
    await migrateToLatest(db.kysely);
    return await db.embedded!.pglite.dumpDataDir("none");
  } finally {
    await db.close();
  }
}

/** Both embedded databases from one PGlite (one initdb), dumped before and after the migrations. */
async function makeEmptyAndMigratedDumps(): Promise<{ empty: Blob; migrated: Blob }> {
  const db = await createDb({ inMemory: true });
  try {
    const empty = await db.embedded!.pglite.dumpDataDir("none");
    await migrateToLatest(db.kysely);
    return { empty, migrated: await db.embedded!.pglite.dumpDataDir("none") };
  } finally {
    await db.close();
  }
}

// The global setups' shared dump files: one set per run, whichever projects ask for them.
const runDumps = Symbol.for("vsi.testing.embeddedDumps");
interface RunDumps {
  made: Promise<{ dir: string; empty: string; migrated: string }>;
  users: number;
}

/**
 * A vitest global setup: once per run (shared by every project that calls it), the empty and the
 * migrated embedded databases written to files, which each test process loads instead of running
 * initdb and the migrations itself. Returns its teardown.
 */
export async function provideEmbeddedDumps(project: TestProject) {
  const shared = globalThis as { [runDumps]?: RunDumps };
  const run = (shared[runDumps] ??= {
    users: 0,
    made: (async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "vsi-test-dumps-"));
      const { empty, migrated } = await makeEmptyAndMigratedDumps();
      const files = {
        empty: path.join(dir, "empty.tar"),
        migrated: path.join(dir, "migrated.tar"),
      };
      await writeFile(files.empty, new Uint8Array(await empty.arrayBuffer()));
      await writeFile(files.migrated, new Uint8Array(await migrated.arrayBuffer()));
      return { dir, ...files };
    })(),
  });
  run.users += 1;
  const { dir, empty, migrated } = await run.made;
  project.provide("embeddedDumps", { empty, migrated });
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    delete shared[runDumps];
    await rm(dir, { recursive: true, force: true });
  };
}

/** The run's dump file of that kind when a global setup made one, else undefined. */
function runDump(kind: "empty" | "migrated"): Promise<Blob> | undefined {
  const file = inject("embeddedDumps")?.[kind];
  return file ? openAsBlob(file) : undefined;
}

/** An embedded database as initdb leaves it, once per process: the run's, or made here. */
let emptyEmbedded: Promise<Blob> | undefined;
function emptyEmbeddedDump(): Promise<Blob> {
  emptyEmbedded ??= runDump("empty") ?? makeEmptyDump();
  return emptyEmbedded;
}

/**
 * A new, empty embedded database, in memory or in `dataDir`: a copy of one initdb made for this
 * run, as initdb takes seconds.
 */
export async function createEmptyEmbeddedDb(options: { dataDir?: string } = {}): Promise<Db> {
  const copyOf = await emptyEmbeddedDump();
  return createDb(
    options.dataDir ? { dataDir: options.dataDir, copyOf } : { inMemory: true, copyOf },
  );
}

/**
 * A migrated embedded database, once per process (the run's, or made here): each test database
 * starts as a copy of it, as initdb and the migrations take most of a new PGlite's time.
 */
let migratedEmbedded: Promise<Blob> | undefined;
function migratedEmbeddedDump(): Promise<Blob> {
  migratedEmbedded ??= runDump("migrated") ?? emptyEmbeddedDump().then(makeMigratedDump);
  return migratedEmbedded;
}

export interface TestDb {
  db: Db;
  /** The PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl: string | undefined;
  /** Closes the database and drops it from the server. */
  close: () => Promise<void>;
}

/**
 * A fresh, migrated database of the kind asked (the default kind unless named): a new database on
 * the PostgreSQL server copied from the run's template, or a copy of a migrated PGlite, in memory
 * or in `dataDir` (as `npm start` keeps it).
 */
export async function openTestDb(
  options: {
    kind?: DatabaseKind | undefined;
    dataDir?: string | undefined;
    onStatement?: DbConfig["onStatement"];
  } = {},
): Promise<TestDb> {
  const kind = options.kind ?? defaultDatabaseKind();
  const { onStatement } = options;
  if (kind === "pglite") {
    const copyOf = await migratedEmbeddedDump();
    const db = await createDb(
      options.dataDir
        ? { dataDir: options.dataDir, copyOf, onStatement }
        : { inMemory: true, copyOf, onStatement },
    );
    return { db, databaseUrl: undefined, close: () => db.close() };
  }
  const template = inject("pgTemplate") || undefined;
  const database = await createTestDatabase({ template });
  if (!database)
    throw new Error("a test on PostgreSQL needs a server: set TEST_DATABASE_URL or DATABASE_URL");
  const db = await createDb({ databaseUrl: database.url, poolSize: 4, onStatement });
  // A copy of the template is migrated already; without one (no global setup), migrate here.
  if (!template) await migrateToLatest(db.kysely);
  return {
    db,
    databaseUrl: database.url,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * A test file's fresh, migrated databases, one of each kind this run has, by name (the PostgreSQL
 * server's is undefined without a server, outside CI); each closed, and dropped, after the file.
 * For tests of the product's queries; the migrations' own tests start from empty databases.
 */
export function eachMigratedDatabase(): Record<string, () => Promise<Db | undefined>> {
  const opened: TestDb[] = [];
  afterAll(async () => {
    for (const test of opened.reverse()) await test.close();
  });
  const open = async (kind: DatabaseKind) => {
    const test = await openTestDb({ kind });
    opened.push(test);
    return test.db;
  };
  return {
    "embedded PGlite": () => open("pglite"),
    "the PostgreSQL server": async () =>
      databaseKinds().includes("postgres") ? open("postgres") : undefined,
  };
}

/**
 * A vitest global setup for tests on either database: the run's template on the PostgreSQL server
 * and its embedded dumps, made side by side (the server migrates one while PGlite makes the other).
 * Returns their teardown; on a failure, undoes the one that was made.
 */
export async function provideTestDatabases(project: TestProject) {
  const made = await Promise.allSettled([
    provideMigratedTemplate(project),
    provideEmbeddedDumps(project),
  ]);
  const teardowns = made.flatMap((one) => (one.status === "fulfilled" ? [one.value] : []));
  const teardown = async () => {
    for (const undo of teardowns.reverse()) await undo();
  };
  const failed = made.find((one) => one.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}
