import { baselineWasm } from "../../tooling/test-utils/src/wasm.ts";
import { defineConfig } from "vitest/config";

// Files share their worker's modules; each makes and closes its own databases. A test opens its own
// embedded databases, each well under a second alone and many times that while the journeys, the
// lint and the other tests share the machine's two cores.
export default defineConfig({
  test: {
    name: "db",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    isolate: false,
    execArgv: baselineWasm,
    globalSetup: ["./test/global-setup.ts"],
  },
});
