import { z } from "zod";
import { isoDateTime } from "../kernel/schema.ts";

export const backupSchema = z
  .object({
    name: z.string().meta({ example: "backup-2026-11-22T03-00-00-000Z-nightly.tar.gz" }),
    createdAt: isoDateTime,
    reason: z.enum(["nightly", "manual", "before-migration"]),
    bytes: z.number().int(),
    /** Whether the archive holds the database (embedded) or only the uploaded files (PostgreSQL server). */
    includesDatabase: z.boolean(),
    counts: z.object({
      users: z.number().int(),
      locations: z.number().int(),
      programs: z.number().int(),
      visits: z.number().int(),
      files: z.number().int(),
    }),
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
