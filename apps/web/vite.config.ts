import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { compiledCatalogues } from "@vsi/i18n/vite";
import { devServer, hashedOutput, pageHead, precompressed, publicDir } from "@vsi/web-common/vite";
import { defineConfig } from "vite";
import { rollCallServiceWorker } from "./vite/rollCallServiceWorker.ts";

// The staff app. The kiosk (/sheet/…) is an app of its own (apps/kiosk); in `pnpm dev` this
// server forwards its addresses to the kiosk's (devServer), so the whole site is on this port.
export default defineConfig({
  publicDir,
  plugins: [
    // Must come before the React plugin: it rewrites route files into one lazy chunk per route.
    tanstackRouter({ target: "react", autoCodeSplitting: true, quoteStyle: "double" }),
    react(),
    compiledCatalogues(),
    rollCallServiceWorker(),
    pageHead(),
    precompressed(),
  ],
  server: devServer("staff"),
  build: {
    outDir: "dist",
    assetsDir: "static",
    rolldownOptions: { output: hashedOutput },
  },
});
