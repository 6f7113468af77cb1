import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "web-common", environment: "jsdom", include: ["src/**/*.test.ts"] },
});
