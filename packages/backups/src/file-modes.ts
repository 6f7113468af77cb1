import { chmod, lstat, readdir, stat } from "node:fs/promises";
import path from "node:path";

/** The data folder holds reset links, sessions' secret and visitors' details: its owner's alone. */
export const folderMode = 0o700;
export const fileMode = 0o600;

const gone = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Sets every folder under `dir` (itself included) to 0700 and every file to 0600, dropping group
 * and other bits and setuid. Links are neither followed nor changed: each is returned, with
 * anything else that is not a plain file or folder (a hard-linked file, a socket), for the caller
 * to refuse or to leave. What is missing (the folder, a file removed meanwhile) has nothing to fix.
 */
export async function restrictToOwner(dir: string): Promise<string[]> {
  const odd: string[] = [];
  async function visit(file: string, name: string): Promise<void> {
    try {
      await fix(file, name);
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }
  async function fix(file: string, name: string): Promise<void> {
    // The folder itself may be a link the operator made (DATA_DIR on another disk); what is inside is not followed.
    const info = name === "" ? await stat(file) : await lstat(file);
    const shown = JSON.stringify(name);
    if (info.isDirectory()) {
      if ((info.mode & 0o7777) !== folderMode) await chmod(file, folderMode);
      for (const child of await readdir(file))
        await visit(path.join(file, child), name ? `${name}/${child}` : child);
    } else if (info.isFile()) {
      if ((info.mode & 0o7777) !== fileMode) await chmod(file, fileMode);
      if (info.nlink > 1) odd.push(`${shown} is a hard link`);
    } else {
      odd.push(`${shown} is ${info.isSymbolicLink() ? "a symbolic link" : "not a file or folder"}`);
    }
  }
  await visit(dir, "");
  return odd;
}
