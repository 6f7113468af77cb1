import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { name: "api", testTimeout: 30_000, hookTimeout: 60_000, isolate: false },
});
