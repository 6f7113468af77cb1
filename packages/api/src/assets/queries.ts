import type { Database, Executor } from "@vsi/db";
import type { ExpressionBuilder } from "kysely";
import { invalid } from "../kernel/errors.ts";
import type { AuditActor } from "../kernel/audit.ts";
import type { Storage } from "../kernel/services.ts";
import { verifySigned } from "../kernel/tokens.ts";
import { say, fieldMessages, fileMessages } from "../kernel/messages.ts";

/** A file some user has as picture or some location as logo. */
export const fileInUse = (eb: ExpressionBuilder<Database, "files">) =>
  eb.or([
    eb.exists(
      eb.selectFrom("users").select("users.id").whereRef("users.picture_file_id", "=", "files.id"),
    ),
    eb.exists(
      eb
        .selectFrom("locations")
        .select("locations.id")
        .whereRef("locations.logo_file_id", "=", "files.id"),
    ),
  ]);

/** Who is attaching an upload: only the user who uploaded it may. */
export const uploaderOf = (actor: AuditActor) => (actor.kind === "user" ? actor.userId : undefined);

/**
 * The file a signed_id names, to become a user's picture or a location's logo (`field`): one whose
 * bytes have arrived, uploaded by `uploaderId` (the caller), and used nowhere else, since removing
 * it from one place deletes it. The target's current file (`current`, sent back unchanged) passes
 * as it is. A 422 on `field` otherwise.
 */
export async function resolveUploadedFile(
  db: Executor,
  secret: string,
  signedId: string,
  use: { field: "picture" | "Logo"; uploaderId: number | undefined; current: number | null },
): Promise<{ id: number; key: string }> {
  const { field } = use;
  const label = field === "picture" ? "Picture" : "Logo";
  const payload = verifySigned(secret, signedId);
  const fileId = payload?.startsWith("file-") ? Number(payload.slice(5)) : NaN;
  if (!Number.isInteger(fileId)) throw invalid(field, say(fieldMessages.invalid, { label }));
  // Locked: two requests attaching one upload to two places take turns, and the second finds it used.
  const file = await db
    .selectFrom("files")
    .select(["id", "key", "uploaded_at", "created_by_user_id"])
    .select((eb) => fileInUse(eb).as("in_use"))
    .where("id", "=", fileId)
    .forUpdate()
    .executeTakeFirst();
  if (!file) throw invalid(field, say(fieldMessages.invalid, { label }));
  if (file.id === use.current) return { id: file.id, key: file.key };
  if (use.uploaderId === undefined || file.created_by_user_id !== use.uploaderId)
    throw invalid(field, say(fileMessages.uploadedBySomeoneElse, { label }));
  if (!file.uploaded_at) throw invalid(field, say(fileMessages.notUploaded, { label }));
  if (file.in_use) throw invalid(field, say(fileMessages.fileInUse, { label }));
  return { id: file.id, key: file.key };
}

/**
 * Removes a file's row now and its bytes after: a failed delete leaves an orphan file, never a
 * dangling row. A file still used elsewhere (shared before uploads were tied to their uploader) stays.
 */
export async function deleteFile(db: Executor, storage: Storage, fileId: number): Promise<void> {
  const row = await db
    .deleteFrom("files")
    .where("id", "=", fileId)
    .where((eb) => eb.not(fileInUse(eb)))
    .returning("key")
    .executeTakeFirst();
  if (row) await storage.delete(row.key).catch(() => undefined);
}
