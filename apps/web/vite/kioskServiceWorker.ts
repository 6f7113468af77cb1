import { createHash } from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";

// Builds src/sw/kioskWorker.ts to /sw.js and writes into it what the kiosk needs offline: index.html,
// the entry, every chunk of the /sheet/ routes and what they import (statically or lazily), and
// the icons and manifest. Staff pages and their chunks are left out: a tablet never loads them.

const workerSource = path.resolve(import.meta.dirname, "../src/sw/kioskWorker.ts");
const routesDir = `${path.sep}src${path.sep}routes${path.sep}`;
const kioskRoutes = `${routesDir}sheet${path.sep}`;
/** Modules only staff pages load: their shell, and the tRPC client with the session (the kiosk calls REST, src/lib/kioskApi.ts). */
const staffOnly = [
  `${path.sep}components${path.sep}StaffShell`,
  `${path.sep}lib${path.sep}trpc.ts`,
  `${path.sep}lib${path.sep}session.ts`,
];
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
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  code: string;
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/**
 * A chunk a tablet may load: the entry (it holds every route's definition), or one with no staff
 * page (a staff route's lazily loaded component) and none of the staff-only modules.
 */
function isKioskChunk(chunk: ChunkInfo): boolean {
  if (chunk.isEntry) return true;
  return !chunk.moduleIds.some((id) => {
    const [file = "", query = ""] = id.split("?");
    if (staffOnly.some((part) => file.includes(part))) return true;
    return query.includes("tsr-split") && file.includes(routesDir) && !file.includes(kioskRoutes);
  });
}

export function kioskServiceWorker(): Plugin {
  return {
    name: "vsi:kiosk-service-worker",
    apply: "build",
    buildStart() {
      this.emitFile({ type: "chunk", id: workerSource, fileName: "sw.js" });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file) => file.type === "chunk",
      ) as unknown as ChunkInfo[];
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const roots = chunks.filter(
        (chunk) =>
          chunk.fileName !== "sw.js" &&
          (chunk.isEntry || chunk.moduleIds.some((id) => id.includes(kioskRoutes))),
      );
      const kept = new Set<string>();
      const stack = [...roots];
      for (let chunk = stack.pop(); chunk; chunk = stack.pop()) {
        if (kept.has(chunk.fileName) || !isKioskChunk(chunk)) continue;
        kept.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) kept.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) kept.add(asset);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
          const found = byName.get(next);
          if (found) stack.push(found);
        }
      }
      const files = [...[...kept].sort().map((file) => `/${file}`), ...publicFiles];
      const html = bundle["index.html"];
      const version = createHash("sha256")
        .update(files.join("\n"))
        .update(html && html.type === "asset" ? String(html.source) : "")
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
  };
}
