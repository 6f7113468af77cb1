import {
  closeSync,
  constants,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { fileMode, folderMode } from "@vsi/backups";
import { tryLock } from "fs-native-extensions";

export interface DataDirLock {
  release(): void;
}

/** Another process (a server, the CLI, a restore) has the embedded database open. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${holderPid ? `another process (PID ${holderPid})` : "another process"}.`,
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * Takes the data folder for this process alone: a kernel lock (OFD lock on Linux, flock on macOS) on
 * DATA_DIR/lock, so it ends with the process however it dies, and kill -9 leaves nothing stale. The
 * file holds the holder's PID for the message of whoever is refused. The file is never deleted:
 * unlinking it would let a waiter lock the old inode while a newcomer locks a new one.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: folderMode });
  const file = path.join(dataDir, "lock");
  let fd: number;
  try {
    // Never through a link: locking would then truncate the file it points to.
    fd = openSync(file, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, fileMode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOOP") throw error;
    throw new Error(`${file} is a symbolic link, not the lock file: remove it, then try again.`);
  }
  if (!tryLock(fd)) {
    closeSync(fd);
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    throw new DataDirLockedError(dataDir, Number.isInteger(pid) && pid > 0 ? pid : undefined);
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      ftruncateSync(fd, 0);
      closeSync(fd); // closing the descriptor is what releases the lock
    },
  };
}
