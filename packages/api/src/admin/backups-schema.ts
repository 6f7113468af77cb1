import { backupCounts, backupReason } from "@vsi/backups/manifest";
import { z } from "zod";
import { isoDateTime } from "../kernel/schema.ts";

export const backupSchema = z
  .object({
    name: z.string().meta({ example: "backup-2026-11-22T03-00-00-000Z-nightly.tar.gz" }),
    createdAt: isoDateTime,
    reason: backupReason,
    bytes: z.number().int(),
    /** Whether the archive holds the database (embedded) or only the uploaded files (PostgreSQL server). */
    includesDatabase: z.boolean(),
    counts: backupCounts,
  })
  .meta({ id: "Backup" });

export const backupListSchema = z
  .object({
    database: z.enum(["embedded", "server"]).meta({
      description:
        "server: the PostgreSQL server's operator backs up the database; archives hold the uploaded files",
    }),
    pgDumpCommand: z
      .string()
      .nullable()
      .meta({ description: "On a PostgreSQL server: pg_dump for its database" }),
    lastError: z
      .object({ at: isoDateTime, message: z.string() })
      .nullable()
      .meta({ description: "The last backup failure, until a backup succeeds" }),
    lastCommand: z
      .object({
        at: isoDateTime,
        backup: z.string(),
        exitCode: z.number().int().nullable(),
        output: z.string(),
      })
      .nullable()
      .meta({ description: "The last run of BACKUP_COMMAND" }),
    backups: z.array(backupSchema),
  })
  .meta({ id: "Backups" });

// No body, or an empty object: a backup is of everything, and junk is refused rather than ignored.
export const backupCreateInput = z.strictObject({}).optional();
