import { baselineWasm } from "../../tooling/test-utils/src/wasm.ts";
import { defineConfig } from "vitest/config";

// Files share their worker's modules; each makes and closes its own databases.
export default defineConfig({
  test: {
    name: "db",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
    execArgv: baselineWasm,
    globalSetup: ["./test/global-setup.ts"],
  },
});
