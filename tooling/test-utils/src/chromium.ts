import { existsSync } from "node:fs";

/** Debian's Chromium: the one browser this machine can have (nothing may download its own). */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found)
    throw new Error(
      "Chromium not found: install it with `apt-get install -y chromium` or set CHROMIUM_PATH",
    );
  return found;
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-dev-shm-usage",
];
