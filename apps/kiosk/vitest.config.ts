import react from "@vitejs/plugin-react";
import { compiledCatalogues } from "@vsi/i18n/vite";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react(), compiledCatalogues()],
  test: {
    name: "kiosk",
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    css: false,
    // Files share their worker's modules (React, Mantine, the catalogues), loaded once instead of
    // once per file; each test renders into a document cleaned after it (src/test/setup.ts).
    isolate: false,
    // Typing into the sign-in form takes 1-2 s in jsdom alone, and several times that while the
    // server's tests share the machine's cores; 5 s made it fail under load, not on its merits.
    testTimeout: 30_000,
  },
});
