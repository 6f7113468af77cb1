import type { Executor } from "@vsi/db";
import { invalid } from "../errors.ts";
import type { Storage } from "./types.ts";
import { verifySigned } from "./tokens.ts";

/** The file a signed_id names, once its bytes have arrived; a 422 on `field` (a user's picture, a location's logo) otherwise. */
export async function resolveUploadedFile(
  db: Executor,
  secret: string,
  signedId: string,
  field: "picture" | "Logo" = "picture",
): Promise<{ id: number; key: string }> {
  const label = field === "picture" ? "Picture" : "Logo";
  const payload = verifySigned(secret, signedId);
  const fileId = payload?.startsWith("file-") ? Number(payload.slice(5)) : NaN;
  if (!Number.isInteger(fileId)) throw invalid(field, `${label} is invalid`);
  const file = await db
    .selectFrom("files")
    .select(["id", "key", "uploaded_at"])
    .where("id", "=", fileId)
    .executeTakeFirst();
  if (!file) throw invalid(field, `${label} is invalid`);
  if (!file.uploaded_at) throw invalid(field, `${label} has not been uploaded`);
  return { id: file.id, key: file.key };
}

/** Removes a file's row now and its bytes after: a failed delete leaves an orphan file, never a dangling row. */
export async function deleteFile(db: Executor, storage: Storage, fileId: number): Promise<void> {
  const row = await db
    .deleteFrom("files")
    .where("id", "=", fileId)
    .returning("key")
    .executeTakeFirst();
  if (row) await storage.delete(row.key).catch(() => undefined);
}
