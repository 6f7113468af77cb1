// The migrations as files: each one's checksum, and the committed list of those that landed (in
// the order they landed on main, with the checksum each had), read by the schema script and tests.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const folder = new URL("./migrations/", import.meta.url);

/** Where the landed migrations' checksums are kept. */
export const checksumsFile = fileURLToPath(new URL("checksums.json", folder));

/**
 * Each migration file's sha256, by migration name: of its text with line endings as LF, so a
 * checkout that writes CRLF holds the same file.
 */
export function migrationChecksums(): Record<string, string> {
  const names = readdirSync(folder)
    .filter((file) => /^\d{4}_\w+\.ts$/.test(file))
    .sort();
  return Object.fromEntries(
    names.map((file) => [
      file.replace(/\.ts$/, ""),
      createHash("sha256")
        .update(readFileSync(new URL(file, folder), "utf8").replaceAll("\r\n", "\n"))
        .digest("hex"),
    ]),
  );
}

/** The landed migrations' checksums, in the order they landed. */
export function landedChecksums(): Record<string, string> {
  return JSON.parse(readFileSync(checksumsFile, "utf8")) as Record<string, string>;
}
