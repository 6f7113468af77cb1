import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "web-common",
    // Pure logic (addresses, phone numbers, times, errors, the live stream's retries): Node has
    // everything it uses, so no file pays for a browser-like document it never reads.
    environment: "node",
    // Files share their worker's modules: none keeps state between tests.
    isolate: false,
    include: ["src/**/*.test.ts"],
  },
});
