import path from "node:path";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { compiledCatalogues } from "./vite/compiledCatalogues.ts";
import { kioskPage } from "./vite/kioskPage.ts";
import { pageHead } from "./vite/pageHead.ts";
import { kioskServiceWorker } from "./vite/kioskServiceWorker.ts";

// The API server (apps/server) listens on 3000 in development; the web app calls it same-origin
// through this proxy so the session and XSRF cookies work exactly as in production.
const apiServer = "http://localhost:3000";

// Two pages, built one after the other into dist/ (package.json's build): the staff app
// (index.html), then with `--mode kiosk` the kiosk (kiosk.html, /sheet/…), a build of its own so a
// tablet downloads no staff code and the kiosk's chunks are cut for the kiosk alone.
const pages = {
  index: path.resolve(import.meta.dirname, "index.html"),
  kiosk: path.resolve(import.meta.dirname, "kiosk.html"),
};

const output = {
  // Chunks are served from the site root under static/js.
  entryFileNames: "static/js/[name]-[hash].js",
  chunkFileNames: "static/js/[name]-[hash].js",
  assetFileNames: "static/media/[name]-[hash][extname]",
};

export default defineConfig(({ mode }): UserConfig => {
  const kiosk = mode === "kiosk";
  return {
    // The kiosk build is a production build too (import.meta.env.PROD, React's production build).
    ...(kiosk ? { mode: "production" } : {}),
    plugins: [
      // Must come before the React plugin: it rewrites route files into one lazy chunk per route.
      ...(kiosk
        ? []
        : [tanstackRouter({ target: "react", autoCodeSplitting: true, quoteStyle: "double" })]),
      react(),
      compiledCatalogues(),
      ...(kiosk ? [kioskServiceWorker()] : []),
      kioskPage(),
      pageHead(),
    ],
    server: {
      port: 5173,
      proxy: {
        "/api": apiServer,
        "/trpc": apiServer,
        "/files": apiServer,
      },
    },
    build: {
      outDir: "dist",
      assetsDir: "static",
      // The staff build empties dist/; the kiosk's, after it, adds to it.
      emptyOutDir: !kiosk,
      rolldownOptions: {
        input: kiosk ? { kiosk: pages.kiosk } : { index: pages.index },
        output,
      },
    },
  };
});
