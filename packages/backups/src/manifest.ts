import { z } from "zod";

// Zod alone: the API's Backup schema is built from these, and the web app loads that.

/** Why a backup was made. */
export const backupReason = z.enum(["nightly", "manual", "before-migration"]);

/** The rows and files a backup holds, counted when it was taken. */
export const backupCounts = z.object({
  users: z.number().int(),
  locations: z.number().int(),
  programs: z.number().int(),
  visits: z.number().int(),
  files: z.number().int(),
});

/**
 * What follows the manifest in the archive (the folders and files of pglite/ and files/, those two
 * included): a restore checks each entry against these as it reads it, and the free space first.
 */
export const backupSizes = z.object({
  entries: z.number().int().min(0),
  /** The files' bytes together. */
  bytes: z.number().int().min(0),
  /** The largest file's bytes. */
  largest: z.number().int().min(0),
});
export type BackupSizes = z.infer<typeof backupSizes>;

/**
 * The format of the archives this version writes: 2, the manifest first with its sizes. Format 1
 * (before sizes, the manifest after files/) is still read: its sizes are measured before unpacking.
 */
export const backupFormat = 2;

/** What a backup holds, written into the archive as manifest.json and beside it as <name>.json. */
export const backupManifestFields = z.object({
  format: z.union([z.literal(1), z.literal(backupFormat)]),
  name: z.string(),
  createdAt: z.string(),
  reason: backupReason,
  /** "embedded": the archive's pglite/ folder is the database; "none": a PostgreSQL server's, backed up by its operator. */
  database: z.enum(["embedded", "none"]),
  /** The newest migration applied when it was taken. */
  schema: z.string().nullable(),
  counts: backupCounts,
  /** Format 2 on: what the archive unpacks to. */
  sizes: backupSizes.optional(),
});

/** A manifest as read from an archive: format 2 says its sizes. */
export const backupManifestSchema = backupManifestFields.refine(
  (manifest) => manifest.format === 1 || manifest.sizes !== undefined,
  { path: ["sizes"], message: "format 2 says its sizes" },
);
export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type BackupReason = BackupManifest["reason"];
