import { defineConfig } from "vitest/config";
import { compiledCatalogues } from "./src/compiled-catalogues.js";

export default defineConfig({
  plugins: [compiledCatalogues()],
  test: { name: "i18n", environment: "jsdom", include: ["src/**/*.test.ts"] },
});
