import { signedFileId } from "../mappers.ts";
import { assetCreateInput, assetSchema } from "../schemas/assets.ts";
import { generateToken } from "../services/tokens.ts";
import { UPLOAD_URL_LIFETIME_MS, UPLOADS_PATH, uploadToken } from "../services/uploads.ts";
import { router, staffProcedure } from "../trpc.ts";

export const assetsRouter = router({
  create: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/assets",
        tags: ["assets"],
        summary: "Register an image upload; then PUT the bytes to direct_upload.url with its headers",
      },
    })
    .input(assetCreateInput)
    .output(assetSchema)
    .mutation(async ({ ctx, input }) => {
      const { secret } = ctx.services.config;
      const now = ctx.services.now();
      const file = await ctx.db
        .insertInto("files")
        .values({
          // Random and never reused, so a served file can be cached forever.
          key: generateToken(),
          filename: input.blob.filename,
          content_type: input.blob.content_type,
          byte_size: input.blob.byte_size,
          checksum: input.blob.checksum ?? null,
          created_by_user_id: ctx.user.id,
          created_at: now,
        })
        .returning(["id", "key", "filename", "content_type", "byte_size"])
        .executeTakeFirstOrThrow();
      const expiresAt = new Date(now.getTime() + UPLOAD_URL_LIFETIME_MS);
      return {
        ...file,
        signed_id: signedFileId(secret, file.id),
        direct_upload: {
          url: `${UPLOADS_PATH}/${uploadToken(secret, file.id, expiresAt)}`,
          headers: { "Content-Type": file.content_type },
        },
      };
    }),
});
