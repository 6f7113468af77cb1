import { existsSync, openAsBlob } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * A freshly initialised embedded database, which the build (build.mjs) leaves in dist/: a new data
 * folder starts as a copy of it instead of running PGlite's initdb, the slowest part of a first
 * start. Found from the bundle and from the sources alike; without a build, initdb runs.
 */
export const initialDataFile = "pglite-initdb.tar.gz";

/** The file as a Blob that reads nothing until used: a folder that exists never needs it. */
export async function initialEmbeddedData(): Promise<Blob | undefined> {
  // dist/main.js and src/services.ts both sit one folder below the package's root.
  const file = fileURLToPath(new URL(`../dist/${initialDataFile}`, import.meta.url));
  return existsSync(file) ? await openAsBlob(file) : undefined;
}
