import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";

// Builds src/sw/kioskWorker.ts to /sw.js and writes into it what the kiosk needs offline: its page
// (kiosk.html), exactly the kiosk entry's chunks (what src/kiosk/main.tsx imports, statically or
// lazily) with their stylesheets and assets, and the icons and manifest. The staff app
// (index.html) is another entry: none of its chunks are listed, and a tablet never loads them.

const workerSource = path.resolve(import.meta.dirname, "../src/sw/kioskWorker.ts");
const kioskPage = "kiosk.html";
/** The kiosk entry's chunk is the one built from kiosk.html (its script, src/kiosk/main.tsx). */
const kioskHtml = path.resolve(import.meta.dirname, "..", kioskPage);
const publicFiles = [
  "/manifest.webmanifest",
  "/icon.svg",
  "/icon-192.png",
  "/icon-512.png",
  "/apple-touch-icon.png",
];

interface ChunkInfo {
  type: "chunk";
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  code: string;
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

export function kioskServiceWorker(): Plugin {
  return {
    name: "vsi:kiosk-service-worker",
    apply: "build",
    buildStart() {
      this.emitFile({ type: "chunk", id: workerSource, fileName: "sw.js" });
    },
    // After Vite has written the pages (kiosk.html) into the bundle.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (file) => file.type === "chunk",
        ) as unknown as ChunkInfo[];
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.facadeModuleId === kioskHtml);
        if (!entry)
          throw new Error(
            `sw.js: no chunk built from ${kioskPage}; entries: ${chunks.map((c) => c.facadeModuleId).join(", ")}`,
          );
        const kept = new Set<string>();
        const stack = [entry];
        for (let chunk = stack.pop(); chunk; chunk = stack.pop()) {
          if (kept.has(chunk.fileName)) continue;
          kept.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) kept.add(css);
          for (const asset of chunk.viteMetadata?.importedAssets ?? []) kept.add(asset);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
            const found = byName.get(next);
            if (found) stack.push(found);
          }
        }
        const files = [
          `/${kioskPage}`,
          ...[...kept].sort().map((file) => `/${file}`),
          ...publicFiles,
        ];
        const html = bundle[kioskPage];
        if (!html || html.type !== "asset") throw new Error(`sw.js: ${kioskPage} was not built`);
        const version = createHash("sha256")
          .update(files.join("\n"))
          .update(String(html.source))
          .digest("hex")
          .slice(0, 16);
        const worker = bundle["sw.js"];
        if (!worker || worker.type !== "chunk") throw new Error("sw.js was not built");
        const code = worker.code
          .replace(/(["'`])__VSI_PRECACHE__\1/, JSON.stringify(files))
          .replace(/(["'`])__VSI_VERSION__\1/, JSON.stringify(version));
        if (code === worker.code || code.includes("__VSI_"))
          throw new Error("sw.js: the precache list was not written in");
        worker.code = code;
      },
    },
  };
}
