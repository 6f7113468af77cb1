import { defineConfig } from "vitest/config";

// The journeys' own helpers; the journeys themselves run under Playwright.
export default defineConfig({
  test: {
    name: "e2e support",
    include: ["support/**/*.test.ts"],
  },
});
