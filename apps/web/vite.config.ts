import path from "node:path";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compiledCatalogues } from "./vite/compiledCatalogues.ts";
import { kioskPage } from "./vite/kioskPage.ts";
import { pageHead } from "./vite/pageHead.ts";
import { kioskServiceWorker } from "./vite/kioskServiceWorker.ts";

// The API server (apps/server) listens on 3000 in development; the web app calls it same-origin
// through this proxy so the session and XSRF cookies work exactly as in production.
const apiServer = "http://localhost:3000";

export default defineConfig({
  plugins: [
    // Must come before the React plugin: it rewrites route files into one lazy chunk per route.
    tanstackRouter({ target: "react", autoCodeSplitting: true, quoteStyle: "double" }),
    react(),
    compiledCatalogues(),
    kioskServiceWorker(),
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
    // Chunks are served from the site root under static/js.
    assetsDir: "static",
    rolldownOptions: {
      // Two pages: the staff app, and the kiosk (/sheet/…), kept apart so a tablet loads no staff code.
      input: {
        index: path.resolve(import.meta.dirname, "index.html"),
        kiosk: path.resolve(import.meta.dirname, "kiosk.html"),
      },
      output: {
        entryFileNames: "static/js/[name]-[hash].js",
        chunkFileNames: "static/js/[name]-[hash].js",
        assetFileNames: "static/media/[name]-[hash][extname]",
      },
    },
  },
});
