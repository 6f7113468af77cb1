import path from "node:path";

// What both apps' Vite configs use: plain JavaScript, as Node itself loads the configs' imports.
export { devServer } from "./dev-servers.js";
export { pageHead } from "./page-head.js";
export { precompressed } from "./precompress.js";
export { serviceWorkerCode } from "./service-worker.js";

/** The icons and the web manifest, copied into both builds: both pages link them. */
export const publicDir = path.resolve(import.meta.dirname, "../public");

/** Both builds' file names: hashed files under static/, which the server caches for a year. */
export const hashedOutput = {
  entryFileNames: "static/js/[name]-[hash].js",
  chunkFileNames: "static/js/[name]-[hash].js",
  assetFileNames: "static/media/[name]-[hash][extname]",
};
