import react from "@vitejs/plugin-react";
import { compiledCatalogues } from "@vsi/i18n/vite";
import { hashedOutput, pageHead, precompressed } from "@vsi/web-common/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The door's page (door.html, which the server answers /d/<code> with): a visitor's own phone on
// the phone's network, within its own budget (.size-limit.js). Built after the sheet's build, into
// the same folder, with Preact's React-compatible layer in React's place: the same components as
// the tablet's (the form, its questions, the page's frame), a sixth of React's weight. The tablet
// and every component test keep React; journey 26 drives this build.
// Resolved from here, as absolute paths: the shared packages that import React do not depend on Preact.
const preact = (name: string) => fileURLToPath(import.meta.resolve(name));
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: preact("preact/compat/client") },
  { find: /^react-dom$/, replacement: preact("preact/compat") },
  { find: /^react\/jsx-runtime$/, replacement: preact("preact/compat/jsx-runtime") },
  { find: /^react\/jsx-dev-runtime$/, replacement: preact("preact/compat/jsx-dev-runtime") },
  { find: /^react$/, replacement: preact("preact/compat") },
];

export default defineConfig({
  publicDir: false,
  plugins: [react(), compiledCatalogues(), pageHead(), precompressed()],
  resolve: { alias: preactForReact },
  build: {
    outDir: "dist",
    // The sheet's build is already there.
    emptyOutDir: false,
    assetsDir: "static",
    rolldownOptions: { input: { door: "door.html" }, output: hashedOutput },
    // Which files the page loads, for its budget (.size-limit.js); not served (a dot folder).
    manifest: ".vite/door-manifest.json",
  },
});
