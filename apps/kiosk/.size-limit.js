import { readFileSync } from "node:fs";

// The kiosk's two budgets, each on exactly what its first visit downloads, gzipped. Read after both
// builds (package.json's build runs size-limit last): their manifests say which files each page
// loads. The tablet's takes every file of the sheet's build (its service worker keeps them all);
// the door's, what door.html loads (vite.door.config.ts).

/** @typedef {{file: string, imports?: string[], css?: string[], assets?: string[]}} ManifestChunk */

/** A build's manifest, by its page and chunks. */
function manifestOf(/** @type {string} */ name) {
  /** @type {unknown} */
  const written = JSON.parse(readFileSync(new URL(`dist/.vite/${name}`, import.meta.url), "utf8"));
  return /** @type {Record<string, ManifestChunk>} */ (written);
}

/** The files a page loads before it shows: its entry, the chunks it imports at once, their stylesheets. */
function firstLoad(
  /** @type {Record<string, ManifestChunk>} */ manifest,
  /** @type {string} */ page,
) {
  /** @type {Set<string>} */
  const files = new Set();
  const visit = (/** @type {string} */ key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page);
  if (files.size === 0) throw new Error(`.size-limit.js: ${page} is not in the build's manifest`);
  return [...files].map((file) => `dist/${file}`);
}

const door = firstLoad(manifestOf("door-manifest.json"), "door.html");

export default [
  {
    name: "A tablet's first visit: the sheet's build (its page, chunks, sw.js, icons, manifest), gzipped",
    path: ["dist/**/*", "!dist/**/*.{br,gz}", "!dist/door.html", ...door.map((file) => `!${file}`)],
    gzip: true,
    limit: "150 KiB",
  },
  {
    name: "A visitor's phone at the door (/d/<code>): door.html, its script and stylesheet, the icon, gzipped",
    path: ["dist/door.html", ...door, "dist/icon.svg"],
    gzip: true,
    limit: "100 KiB",
  },
];
