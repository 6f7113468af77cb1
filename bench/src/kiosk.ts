import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { repoDir } from "./config.ts";

export type KioskWeight = ReturnType<typeof kioskWeight>;

/** The built kiosk app: its folder and its page. */
export function kioskPage(root = repoDir): { dist: string; page: string } {
  const dist = path.join(root, "apps/kiosk/dist");
  if (!existsSync(path.join(dist, "index.html")))
    throw new Error("no built kiosk in apps/kiosk/dist: pnpm build");
  return { dist, page: "index.html" };
}

/**
 * What a tablet downloads on its first visit: the page, the scripts and stylesheets it links with
 * every chunk they import, and the service worker with every file it precaches at install.
 */
export function kioskWeight() {
  const { dist, page } = kioskPage();
  const read = (file: string) => readFileSync(path.join(dist, file));
  const html = read(page).toString();
  const linked = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/?([^"]+\.(?:js|css))"/g),
  ].map((m) => m[1]!);
  const files = new Set([page]);
  const stack = [...linked];
  while (stack.length) {
    const file = stack.pop()!;
    if (files.has(file) || !existsSync(path.join(dist, file))) continue;
    files.add(file);
    if (file.endsWith(".js"))
      for (const m of read(file)
        .toString()
        .matchAll(/(?:from|import)\s*["'](\.\/[^"']+\.js)["']/g))
        stack.push(path.posix.join(path.posix.dirname(file), m[1]!));
  }
  if (existsSync(path.join(dist, "sw.js"))) {
    files.add("sw.js");
    const precache = /\[("\/[^"\]]+"(?:,"\/[^"\]]+")*)\]/.exec(read("sw.js").toString());
    if (!precache) throw new Error("sw.js: no precache list found");
    for (const m of precache[1]!.matchAll(/"\/([^"]+)"/g))
      if (existsSync(path.join(dist, m[1]!))) files.add(m[1]!);
  }
  const rows = [...files].sort().map((file) => {
    const content = read(file);
    return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  const sum = (key: "bytes" | "gzipBytes") => rows.reduce((total, row) => total + row[key], 0);
  return {
    dist: path.relative(repoDir, dist),
    files: rows,
    bytes: sum("bytes"),
    gzipBytes: sum("gzipBytes"),
  };
}
