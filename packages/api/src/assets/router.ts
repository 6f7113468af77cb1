import { signedFileId } from "./urls.ts";
import { assetCreateInput, assetSchema } from "./schema.ts";
import {
  MAX_WAITING_UPLOADS,
  registerUpload,
  UPLOAD_URL_LIFETIME_MS,
  UPLOADS_PATH,
  uploadToken,
} from "./uploads.ts";
import { router, staffProcedure } from "../kernel/trpc.ts";

export const assetsRouter = router({
  create: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/assets",
        tags: ["assets"],
        summary:
          "Register an image upload; then PUT the bytes to direct_upload.url with its headers",
        description: `Only the user who uploaded it may then save its signed_id, as a user's picture or a location's logo, in one place only (422 otherwise). Each user may have ${MAX_WAITING_UPLOADS} uploads waiting to be saved (422 on blob beyond that); one not saved within a day is deleted.`,
      },
    })
    .input(assetCreateInput)
    .output(assetSchema)
    .mutation(async ({ ctx, input }) => {
      const { secret } = ctx.services.config;
      const now = ctx.services.now();
      const file = await registerUpload(ctx.db, ctx.services.storage, input.blob, ctx.user.id, now);
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
