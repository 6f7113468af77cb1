import path from "node:path";
import { serviceWorkerCode } from "@vsi/web-common/vite";
import type { Plugin } from "vite";
import { rollCallWorkerFile } from "../src/lib/rollCallAddresses.ts";

// Builds src/sw/rollCallWorker.ts into the staff app's build as /roll-call-sw.js. It carries no
// list of files: the roll-call screen tells it what it loaded (lib/rollCallWorker.ts).

const workerSource = path.resolve(import.meta.dirname, "../src/sw/rollCallWorker.ts");

export function rollCallServiceWorker(): Plugin {
  return {
    name: "vsi:roll-call-service-worker",
    apply: "build",
    async generateBundle() {
      const code = await serviceWorkerCode(workerSource, "rollCallWorker");
      this.emitFile({ type: "asset", fileName: rollCallWorkerFile, source: code });
    },
  };
}
