import { readFileSync } from "node:fs";

// The kiosk's two budgets, each on exactly what its first visit downloads, gzipped. Read after
// `vite build` (package.json's build runs size-limit next): its manifest says which files each page
// loads. The tablet's takes every file its service worker keeps; the door's, its own page's.

/** @typedef {{file: string, imports?: string[], css?: string[], assets?: string[]}} ManifestChunk */
const manifest = /** @type {Record<string, ManifestChunk>} */ (
  JSON.parse(readFileSync(new URL("dist/.vite/manifest.json", import.meta.url), "utf8"))
);

/** The files a page loads before it shows: its entry, the chunks it imports at once, their stylesheets. */
function firstLoad(/** @type {string} */ page) {
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

const door = firstLoad("door.html");
const doorOnly = door.filter((file) => !firstLoad("index.html").includes(file));

export default [
  {
    name: "A tablet's first visit: the sheet's page, its chunks, sw.js, icons, manifest (what its worker keeps), gzipped",
    path: [
      "dist/**/*",
      "!dist/**/*.{br,gz}",
      "!dist/door.html",
      ...doorOnly.map((file) => `!${file}`),
    ],
    gzip: true,
    limit: "150 KiB",
  },
  {
    name: "A visitor's phone at the door (/d/<code>): door.html, its chunks and stylesheets, the icon, gzipped",
    path: ["dist/door.html", ...door, "dist/icon.svg"],
    gzip: true,
    limit: "120 KiB",
  },
];
