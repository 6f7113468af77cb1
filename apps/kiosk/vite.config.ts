import react from "@vitejs/plugin-react";
import { compiledCatalogues } from "@vsi/i18n/vite";
import { kioskBase } from "@vsi/web-common/addresses";
import { devServer, hashedOutput, pageHead, precompressed, publicDir } from "@vsi/web-common/vite";
import { defineConfig } from "vite";
import { kioskServiceWorker } from "./vite/kioskServiceWorker.ts";

// The kiosk (/sheet/…, the tablet at the door, and /d/<code>, a visitor's phone): a build of its own, so a tablet downloads none of
// the staff app. apps/server serves it beside the staff app's build, from the site's root; in
// `pnpm dev` the staff app's dev server forwards /sheet/… here, so this one serves under /sheet/.
export default defineConfig(({ command }) => ({
  base: command === "serve" ? kioskBase : "/",
  publicDir,
  plugins: [react(), compiledCatalogues(), kioskServiceWorker(), pageHead(), precompressed()],
  server: devServer("kiosk"),
  build: {
    outDir: "dist",
    assetsDir: "static",
    // Served from the site's root, beside the staff app's files. The door's page for a visitor's
    // own phone (door.html) is built next, on its own (vite.door.config.ts).
    rolldownOptions: { input: { kiosk: "index.html" }, output: hashedOutput },
    // Which files each page loads, for the budgets (.size-limit.js); not served (a dot folder).
    manifest: true,
  },
}));
