import type { Kysely } from "kysely";
import type { Database, FileRow } from "@vsi/db";
import { forbidden, HttpError, invalid, notFound } from "../kernel/errors.ts";
import type { AssetCreateInput, ImageContentType } from "./schema.ts";
import { fileInUse } from "./queries.ts";
import type { Services, Storage } from "../kernel/services.ts";
import { generateToken, sign, verifySigned } from "../kernel/tokens.ts";
import { say, said, fileMessages } from "../kernel/messages.ts";

/** Where the raw PUT route of the server listens; `direct_upload.url` points below it. */
export const UPLOADS_PATH = "/api/uploads";

/** How long a direct-upload URL works after its blob was registered. */
export const UPLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Uploads a user may have waiting to be saved as a picture or logo; each user has one picture and
 * each location one logo in use, so this bounds what one account can put on the disk.
 */
export const MAX_WAITING_UPLOADS = 20;
/** An upload not saved as a picture or logo within this time is deleted. */
export const WAITING_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const tooManyUploadsMessage = say(fileMessages.tooManyUploads, {
  count: MAX_WAITING_UPLOADS,
});

/**
 * Registers a blob whose bytes are still to come (the direct-upload flow's first step), within the
 * uploader's quota: their uploads left unsaved for a day go first, then a 422 on blob when
 * MAX_WAITING_UPLOADS still wait.
 */
export async function registerUpload(
  db: Kysely<Database>,
  storage: Storage,
  blob: AssetCreateInput["blob"],
  uploaderId: number,
  now: Date,
) {
  const { file, expired } = await db.transaction().execute(async (trx) => {
    // One registration at a time per uploader, so two at once cannot both fit the last place.
    await trx.selectFrom("users").select("id").where("id", "=", uploaderId).forUpdate().execute();
    const waiting = trx
      .selectFrom("files")
      .where("created_by_user_id", "=", uploaderId)
      .where((eb) => eb.not(fileInUse(eb)));
    const expired = await trx
      .deleteFrom("files")
      .where(
        "id",
        "in",
        waiting
          .select("id")
          .where("created_at", "<", new Date(now.getTime() - WAITING_UPLOAD_LIFETIME_MS))
          // One being attached right now (locked by resolveUploadedFile) stays.
          .forUpdate()
          .skipLocked(),
      )
      .returning("key")
      .execute();
    const { count } = await waiting
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_WAITING_UPLOADS) throw invalid("blob", tooManyUploadsMessage);
    const file = await trx
      .insertInto("files")
      .values({
        // Random and never reused, so a served file can be cached forever.
        key: generateToken(),
        filename: blob.filename,
        content_type: blob.content_type,
        byte_size: blob.byte_size,
        checksum: blob.checksum ?? null,
        created_by_user_id: uploaderId,
        created_at: now,
      })
      .returning(["id", "key", "filename", "content_type", "byte_size"])
      .executeTakeFirstOrThrow();
    return { file, expired };
  });
  // After the commit, as deleteFile does: a failed delete leaves an orphan file, never a dangling row.
  for (const { key } of expired) await storage.delete(key).catch(() => undefined);
  return file;
}

/** The signed part of `direct_upload.url`: which file the bytes are for, and until when. */
export function uploadToken(secret: string, fileId: number, expiresAt: Date): string {
  return sign(secret, `upload-${fileId}-${expiresAt.getTime()}`);
}

function readUploadToken(
  secret: string,
  token: string,
): { fileId: number; expiresAt: Date } | undefined {
  const match = verifySigned(secret, token)?.match(/^upload-(\d+)-(\d+)$/);
  if (!match) return undefined;
  return { fileId: Number(match[1]), expiresAt: new Date(Number(match[2])) };
}

const startsWith = (bytes: Buffer, prefix: number[] | string, offset = 0) => {
  const expected = typeof prefix === "string" ? Buffer.from(prefix, "latin1") : Buffer.from(prefix);
  return (
    bytes.length >= offset + expected.length &&
    bytes.subarray(offset, offset + expected.length).equals(expected)
  );
};

/** The image type the bytes really are, from their magic numbers; a declared type proves nothing. */
export function sniffImageType(bytes: Buffer): ImageContentType | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return "image/gif";
  if (startsWith(bytes, "RIFF") && startsWith(bytes, "WEBP", 8)) return "image/webp";
  return undefined;
}

/**
 * Stores the bytes of a registered blob (the PUT of the direct-upload flow): the URL's signature
 * and expiry, then the registered size and type, are checked before anything is written.
 */
export async function receiveUpload(
  services: Services,
  token: string,
  body: Buffer,
): Promise<FileRow> {
  const target = readUploadToken(services.config.secret, token);
  if (!target) throw forbidden(say(fileMessages.uploadLinkInvalid));
  if (target.expiresAt.getTime() <= services.now().getTime())
    throw forbidden(say(fileMessages.uploadLinkExpired));

  return services.db.kysely.transaction().execute(async (trx) => {
    // Locked: of two PUTs to one link, the second waits and then finds the bytes there.
    const file = await trx
      .selectFrom("files")
      .selectAll()
      .where("id", "=", target.fileId)
      .forUpdate()
      .executeTakeFirst();
    if (!file) throw notFound("File");
    // Keys are served as immutable: bytes once stored under one never change.
    if (file.uploaded_at) throw new HttpError(409, say(fileMessages.alreadyUploaded));
    if (body.length !== file.byte_size)
      throw invalid(
        "body",
        said(fileMessages.uploadSizeDiffers, { size: body.length, registered: file.byte_size }),
      );
    if (sniffImageType(body) !== file.content_type)
      throw invalid("body", said(fileMessages.uploadTypeDiffers, { type: file.content_type }));

    await services.storage.put(file.key, body);
    return trx
      .updateTable("files")
      .set({ uploaded_at: services.now() })
      .where("id", "=", file.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** An uploaded file by its public key; undefined for unknown keys and blobs still waiting for bytes. */
export async function findUploadedFile(
  db: Kysely<Database>,
  key: string,
): Promise<FileRow | undefined> {
  return db
    .selectFrom("files")
    .selectAll()
    .where("key", "=", key)
    .where("uploaded_at", "is not", null)
    .executeTakeFirst();
}
