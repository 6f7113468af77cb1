import { existsSync } from "node:fs";

/**
 * Debian's Chromium: the one browser this machine can have (nothing may download its own). Its
 * headless shell first: the same engine without the browser's own interface, which headless runs
 * never show, as Playwright runs headless tests; it takes about a third less CPU.
 */
export function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found)
    throw new Error(
      "Chromium not found: install it with `apt-get install -y chromium-headless-shell` or set CHROMIUM_PATH",
    );
  return found;
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  // Compositing in the browser's own process: without a GPU, a process of its own only adds work.
  "--in-process-gpu",
  "--disable-background-networking",
  "--disable-dev-shm-usage",
  // JavaScript on V8's baseline compiler alone: a test's page lives seconds, too short for the
  // optimising compilers' work to pay back.
  "--js-flags=--max-opt=1",
];
