import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { kioskBase } from "@vsi/web-common/addresses";
import { serviceWorkerCode } from "@vsi/web-common/vite";
import type { Plugin, Rolldown } from "vite";

// Builds src/sw/kioskWorker.ts to /sw.js and writes into it what the kiosk needs offline: its page
// (which the server answers /sheet/ with), every file its page loads or may load (its chunks,
// stylesheets and assets; not the door's page for visitors' phones, which registers no worker), and
// the icons and manifest. The worker is built on its own, as one classic script (serviceWorkerCode).

const workerSource = path.resolve(import.meta.dirname, "../src/sw/kioskWorker.ts");
const page = "index.html";
/** The sheet's entry chunk (vite.config.ts names its pages). */
const entry = "kiosk";

/** Every file the entry's chunk loads, at once or later: chunks, stylesheets, assets. */
function filesOf(bundle: Rolldown.OutputBundle, entryName: string): string[] {
  const start = Object.values(bundle).find(
    (file) => file.type === "chunk" && file.isEntry && file.name === entryName,
  );
  if (!start || start.type !== "chunk") throw new Error(`sw.js: no entry chunk ${entryName}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (files.has(fileName) || !chunk) return;
    files.add(fileName);
    if (chunk.type !== "chunk") return;
    [...chunk.imports, ...chunk.dynamicImports].forEach(visit);
    const meta = chunk.viteMetadata;
    [...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? [])].forEach(visit);
  };
  visit(start.fileName);
  return [...files];
}

export function kioskServiceWorker(): Plugin {
  let publicDir = "";
  return {
    name: "vsi:kiosk-service-worker",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // After Vite has written the page into the bundle.
    generateBundle: {
      order: "post",
      async handler(_options, bundle) {
        const html = bundle[page];
        if (!html || html.type !== "asset") throw new Error(`sw.js: ${page} was not built`);
        const files = [
          kioskBase,
          ...filesOf(bundle, entry)
            .sort()
            .map((file) => `/${file}`),
          ...(publicDir ? readdirSync(publicDir).sort() : []).map((file) => `/${file}`),
        ];
        const version = createHash("sha256")
          .update(files.join("\n"))
          .update(String(html.source))
          .digest("hex")
          .slice(0, 16);
        const built = await serviceWorkerCode(workerSource, "kioskWorker");
        const code = built
          .replace(/(["'`])__VSI_PRECACHE__\1/, JSON.stringify(files))
          .replace(/(["'`])__VSI_VERSION__\1/, JSON.stringify(version));
        if (code.includes("__VSI_")) throw new Error("sw.js: the precache list was not written in");
        this.emitFile({ type: "asset", fileName: "sw.js", source: code });
      },
    },
  };
}
