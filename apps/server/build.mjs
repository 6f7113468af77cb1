// Bundles the server and CLI (with the workspace packages) into dist/; npm dependencies stay
// external and are resolved from node_modules at run time. Beside them, a freshly initialised
// embedded database that first starts copy (src/initial-data.ts), made again only for another
// version of PGlite. A file is written only where it changed, whole, by a rename: a server the tests
// or journeys start meanwhile never reads half a bundle.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { build } from "esbuild";
import pglitePackage from "./node_modules/@electric-sql/pglite/package.json" with { type: "json" };
import pkg from "./package.json" with { type: "json" };

const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@vsi/"));

/**
 * Writes `contents` to `file` by a rename, unless the file already holds them.
 * @param {string} file
 * @param {Uint8Array} contents
 */
function writeChanged(file, contents) {
  if (existsSync(file) && readFileSync(file).equals(contents)) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, contents);
  renameSync(partial, file);
}

const { outputFiles } = await build({
  entryPoints: ["src/main.ts", "src/cli.ts"],
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: [...external, "@vsi/api/node_modules/*"],
  packages: "bundle",
  banner: {
    js: "import { createRequire as __cr } from 'module'; const require = __cr(import.meta.url);",
  },
  logLevel: "warning",
  write: false,
});
for (const { path: file, contents } of outputFiles) writeChanged(file, contents);

const dist = path.join(import.meta.dirname, "dist");
const initialData = path.join(dist, "pglite-initdb.tar.gz");
const madeBy = path.join(dist, "pglite-initdb.version");
const pgliteVersion = pglitePackage.version;
if (
  !existsSync(initialData) ||
  !existsSync(madeBy) ||
  readFileSync(madeBy, "utf8") !== pgliteVersion
) {
  const fresh = new PGlite();
  await fresh.waitReady;
  const dump = await fresh.dumpDataDir("gzip");
  await fresh.close();
  writeChanged(initialData, Buffer.from(await dump.arrayBuffer()));
  writeChanged(madeBy, Buffer.from(pgliteVersion));
}
