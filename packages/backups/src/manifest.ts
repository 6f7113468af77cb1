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

/** What a backup holds, written into the archive as manifest.json and beside it as <name>.json. */
export const backupManifestSchema = z.object({
  format: z.literal(1),
  name: z.string(),
  createdAt: z.string(),
  reason: backupReason,
  /** "embedded": the archive's pglite/ folder is the database; "none": a PostgreSQL server's, backed up by its operator. */
  database: z.enum(["embedded", "none"]),
  /** The newest migration applied when it was taken. */
  schema: z.string().nullable(),
  counts: backupCounts,
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type BackupReason = BackupManifest["reason"];
