import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = path.join(here, "fixtures", "slow-to-stop.mjs");
const folders = [];
const parents = [];
afterEach(() => {
  // A parent that failed to wait may have left its fixture running, in the parent's group.
  for (const parent of parents.splice(0)) {
    try {
      process.kill(-parent.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const one of folders.splice(0)) rmSync(one, { recursive: true, force: true });
});

/** Where the fixture says it has cleaned up, in a folder of the test's own. */
function doneFileOfTest() {
  const folder = mkdtempSync(path.join(os.tmpdir(), "vsi-run-to-end-"));
  folders.push(folder);
  return path.join(folder, "done");
}

/**
 * Starts, in a process group of its own as a terminal's foreground job, a parent that runs the
 * fixture through runToEnd; resolves once the fixture is ready, with the parent's exit to come.
 */
async function startParent(doneFile) {
  const script = `
    import { runToEnd } from ${JSON.stringify(path.join(here, "run-to-end.mjs"))};
    process.exit(await runToEnd(process.execPath, [${JSON.stringify(fixture)}, ${JSON.stringify(doneFile)}]));
  `;
  const parent = spawn(process.execPath, ["--input-type=module", "-e", script], {
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
  });
  parents.push(parent);
  const exited = new Promise((resolve) =>
    parent.once("exit", (code) => resolve({ code, cleanedUp: existsSync(doneFile) })),
  );
  await new Promise((resolve) => parent.stdout.once("data", resolve));
  return { parent, exited };
}

describe("running a command to its end", () => {
  it("waits, on a Ctrl+C to the whole group, for the command to clean up, and exits as it did", async () => {
    const doneFile = doneFileOfTest();
    const { parent, exited } = await startParent(doneFile);

    process.kill(-parent.pid, "SIGINT");

    await expect(exited).resolves.toEqual({ code: 130, cleanedUp: true });
  });

  it("passes a signal sent to it alone on to the command", async () => {
    const doneFile = doneFileOfTest();
    const { parent, exited } = await startParent(doneFile);

    parent.kill("SIGINT");

    await expect(exited).resolves.toEqual({ code: 130, cleanedUp: true });
  });
});
