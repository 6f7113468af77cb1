// The data folder's backups: the archive (tar), the nightly timer and the command run after each,
// unpacking one for a restore, and the owner-only modes of every file the server writes there.
export { extractArchive, linkTree, manifestFile } from "./archive.ts";
export { createBackups, type BackupEntry, type Backups, type BackupStatus } from "./backups.ts";
export { countRows, type BackupCounts } from "./counts.ts";
export { fileMode, folderMode, restrictToOwner } from "./file-modes.ts";
export type { BackupManifest, BackupReason, BackupSizes } from "./manifest.ts";
