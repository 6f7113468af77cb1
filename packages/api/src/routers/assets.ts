import { signedFileId } from "../mappers.ts";
import { assetCreateInput, assetSchema } from "../schemas/assets.ts";
import {
  registerUpload,
  UPLOAD_URL_LIFETIME_MS,
  UPLOADS_PATH,
  uploadToken,
} from "../services/uploads.ts";
import { router, staffProcedure } from "../trpc.ts";

export const assetsRouter = router({
  create: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/assets",
        tags: ["assets"],
        summary:
          "Register an image upload; then PUT the bytes to direct_upload.url with its headers",
      },
    })
    .input(assetCreateInput)
    .output(assetSchema)
    .mutation(async ({ ctx, input }) => {
      const { secret } = ctx.services.config;
      const now = ctx.services.now();
      const file = await registerUpload(ctx.db, input.blob, ctx.user.id, now);
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
