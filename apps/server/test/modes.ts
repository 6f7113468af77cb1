import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";

/** Whatever under a folder (itself included) has group or other bits, or setuid/setgid/sticky. */
export function tooOpen(dir: string): string[] {
  return ["", ...(readdirSync(dir, { recursive: true }) as string[])]
    .map((name) => ({ name: name || ".", mode: lstatSync(path.join(dir, name)).mode & 0o7777 }))
    .filter(({ mode }) => (mode & 0o7077) !== 0)
    .map(({ name, mode }) => `${name} ${mode.toString(8)}`);
}
