import { maxUploadBytes, receiveUpload, UPLOADS_PATH, type Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";

/**
 * PUT <direct_upload.url>: the raw bytes of a registered blob. Any declared type is read as bytes,
 * since the bytes themselves are checked; a body over the largest allowed file is a 413.
 */
export async function registerUploads(app: FastifyInstance, services: Services) {
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: maxUploadBytes },
      (_request, body, done) => done(null, body),
    );

    scope.put<{ Params: { token: string } }>(`${UPLOADS_PATH}/:token`, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await receiveUpload(services, request.params.token, body);
      return { ok: true };
    });
    done();
  });
}
