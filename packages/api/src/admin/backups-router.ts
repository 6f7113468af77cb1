import { z } from "zod";
import { HttpError } from "../kernel/errors.ts";
import { backupCreateInput, backupListSchema, backupSchema } from "./backups-schema.ts";
import type { BackupEntry } from "@vsi/backups";
import { adminProcedure, router } from "../kernel/trpc.ts";
import { said, adminMessages } from "../kernel/messages.ts";

function toBackup(entry: BackupEntry): z.infer<typeof backupSchema> {
  return {
    name: entry.name,
    createdAt: entry.createdAt,
    reason: entry.reason,
    bytes: entry.bytes,
    includesDatabase: entry.database === "embedded",
    counts: entry.counts,
  };
}

/** The download, GET /api/backups/{name}, is a raw route beside the procedures (a file, not JSON). */
export const backupsRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/backups",
        tags: ["backups"],
        summary: "Backups in the data folder, newest first, with the last failure (admin)",
      },
    })
    .input(z.void())
    .output(backupListSchema)
    .query(async ({ ctx }) => {
      const { backups } = ctx.services;
      const [entries, status] = await Promise.all([backups.list(), backups.status()]);
      return {
        database: backups.database,
        pgDumpCommand: backups.pgDumpCommand ?? null,
        lastError: status.lastError,
        lastCommand: status.lastCommand,
        backups: entries.map(toBackup),
      };
    }),

  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/backups",
        tags: ["backups"],
        summary: "Back up now: the database (embedded) and the uploaded files (admin, 201)",
      },
      status: 201,
    })
    .input(backupCreateInput)
    .output(backupSchema)
    .mutation(async ({ ctx }) => {
      let entry: BackupEntry;
      try {
        entry = await ctx.services.backups.create("manual");
      } catch (error) {
        // The admin is the one who can act on it (a full disk, a folder's permissions).
        throw new HttpError(
          500,
          said(adminMessages.backupFailed, {
            reason: error instanceof Error ? error.message : String(error),
          }),
        );
      }
      return toBackup(entry);
    }),
});
