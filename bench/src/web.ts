import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { config } from "./config.ts";

export interface RouteWeight {
  route: string;
  files: { file: string; raw: number; gzip: number }[];
  jsGzip: number;
  cssGzip: number;
  totalGzip: number;
  totalRaw: number;
}

export interface WebResult {
  routes: RouteWeight[];
  entry: string;
  source: string;
}

/**
 * What a browser loads for a route of the production build. The kiosk (/sheet/…) is an entry of its
 * own, kiosk.html: a tablet's first visit loads it, its scripts and stylesheets with every chunk
 * they import, and installs the service worker, which downloads its whole precache list (the
 * kiosk entry's every chunk, icons, manifest). A build without kiosk.html (before the kiosk had its
 * own entry) and staff routes: index.html's script, modulepreloads and stylesheets, every chunk they
 * import (transitively), and the route's lazy chunk with the dependencies Vite lists for it
 * (__vite__mapDeps). The build has no Vite manifest, so the route table is read from the entry
 * chunk: createFileRoute(`/path`)(... import(`./chunk.js`), __vite__mapDeps([..])).
 */
/** The page, sw.js and every file sw.js precaches at install (its list is written into it at build time). */
function kioskInstall(dist: string, page: string): string[] {
  const worker = path.join(dist, "sw.js");
  if (!existsSync(worker)) return [];
  const list = readFileSync(worker, "utf8").match(/\[("\/[^"\]]+"(?:,"\/[^"\]]+")*)\]/);
  if (!list) throw new Error("sw.js: no precache list found");
  const precache = [...list[1]!.matchAll(/"\/([^"]+)"/g)].map((m) => m[1]!);
  return [page, "sw.js", ...precache].filter((file) => existsSync(path.join(dist, file)));
}

/** The scripts and stylesheets a page's HTML loads at once, and its module entry. */
function pageFiles(html: string): { initial: string[]; entry: string | undefined } {
  const initial = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g),
  ].map((m) => m[1]!.replace(/^\//, ""));
  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) =>
    m[1]!.replace(/^\//, ""),
  )[0];
  return { initial, entry };
}

export function webWeight(routes: string[], dist = config.webDist): WebResult {
  const indexHtml = path.join(dist, "index.html");
  if (!existsSync(indexHtml))
    throw new Error(`${indexHtml} is missing: build the web app (pnpm --filter @vsi/web build)`);
  const { initial, entry } = pageFiles(readFileSync(indexHtml, "utf8"));
  if (!entry) throw new Error("no module script in index.html");
  const kioskHtml = path.join(dist, "kiosk.html");
  const kiosk = existsSync(kioskHtml) ? pageFiles(readFileSync(kioskHtml, "utf8")) : undefined;
  const staticImports = (file: string): string[] => {
    if (!file.endsWith(".js")) return [];
    const code = readFileSync(path.join(dist, file), "utf8");
    return [...code.matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g)].map((m) =>
      path.posix.join(path.posix.dirname(file), m[1]!),
    );
  };

  // Route definitions sit in the entry chunk, or in a small chunk of their own that the entry
  // imports when the bundler shares one with the route's lazy component.
  const routeChunks = new Map<string, string[]>();
  let depList: RegExpMatchArray | null = null;
  for (const file of [entry, ...staticImports(entry)]) {
    const code = readFileSync(path.join(dist, file), "utf8");
    const fileDeps = code.match(/m\.f\|\|\(m\.f=\[([^\]]*)\]/);
    depList ??= fileDeps;
    const deps = fileDeps ? [...fileDeps[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!) : [];
    for (const m of code.matchAll(
      /\(`([^`]+)`\)\(\{[^`]*?import\(`\.\/([^`]+)`\)(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/g,
    )) {
      const [, routePath, chunk, ids] = m;
      if (!routePath!.startsWith("/") || routeChunks.has(routePath!)) continue;
      const chunkPath = path.posix.join(path.posix.dirname(file), chunk!);
      const extra = (
        ids
          ? ids
              .split(",")
              .filter(Boolean)
              .map((i) => deps[Number(i)]!)
          : []
      ).filter(Boolean);
      routeChunks.set(routePath!, [chunkPath, ...extra]);
    }
  }

  const closure = (start: string[]) => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f) || !existsSync(path.join(dist, f))) continue;
      seen.add(f);
      stack.push(...staticImports(f));
    }
    return seen;
  };

  const results: RouteWeight[] = [];
  for (const route of routes) {
    if (kiosk && route.startsWith("/sheet/")) {
      // The kiosk's own entry: the same files for every /sheet/ route.
      const files = closure(kiosk.initial);
      for (const file of kioskInstall(dist, "kiosk.html")) files.add(file);
      results.push(weigh(route, files));
      continue;
    }
    // The route and the layout routes above it (e.g. /sheet/$locationId/ under /sheet).
    const chain = [...routeChunks.keys()].filter(
      (p) =>
        p === route || (route.startsWith(p.replace(/\/$/, "")) && !p.endsWith("/") && p !== "/"),
    );
    if (!routeChunks.has(route))
      throw new Error(
        `route ${route} not found in ${entry}; known: ${[...routeChunks.keys()].join(", ")}`,
      );
    const files = closure([...initial, ...chain.flatMap((p) => routeChunks.get(p)!)]);
    // A kiosk's first visit also installs the service worker, which downloads its whole precache
    // list (the sign-in form's chunks, icons, manifest) before the tablet can work offline.
    if (route.startsWith("/sheet/"))
      for (const file of kioskInstall(dist, "index.html")) files.add(file);
    results.push(weigh(route, files));
  }
  return {
    routes: results,
    entry: kiosk?.entry ? `${kiosk.entry} (kiosk), ${entry} (staff)` : entry,
    source: kiosk
      ? "kiosk.html + sw.js's precache list for /sheet/; index.html + route table for staff routes"
      : depList
        ? "index.html + route table and __vite__mapDeps in the entry chunk"
        : "index.html + route table",
  };

  function weigh(route: string, files: Set<string>): RouteWeight {
    const rows = [...files].sort().map((file) => {
      const content = readFileSync(path.join(dist, file));
      return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    });
    const sum = (pred: (f: string) => boolean, key: "raw" | "gzip") =>
      rows.filter((r) => pred(r.file)).reduce((a, r) => a + r[key], 0);
    return {
      route,
      files: rows,
      jsGzip: sum((f) => f.endsWith(".js"), "gzip"),
      cssGzip: sum((f) => f.endsWith(".css"), "gzip"),
      totalGzip: sum(() => true, "gzip"),
      totalRaw: sum(() => true, "raw"),
    };
  }
}
