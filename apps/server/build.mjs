// Bundles the server and CLI (with the workspace packages) into dist/; npm dependencies stay
// external and are resolved from node_modules at run time.
import { build } from "esbuild";
import pkg from "./package.json" with { type: "json" };

const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@vsi/"));

await build({
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
});
