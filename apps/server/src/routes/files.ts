import { FILES_PATH, fileKeyParam, findUploadedFile, notFound, type Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";

/**
 * GET /api/files/:key: an uploaded picture. Keys are random and never reused, so caches may keep
 * it. /files/:key, where pictures used to be, redirects there for links already handed out.
 */
export function registerFiles(app: FastifyInstance, services: Services) {
  app.get(`${FILES_PATH}/:key`, async (request, reply) => {
    const { key } = fileKeyParam.parse(request.params);
    const file = await findUploadedFile(services.db.kysely, key);
    const body = file ? await services.storage.get(file.key) : undefined;
    if (!file || !body) throw notFound("File");
    return (
      reply
        .header("Content-Type", file.content_type)
        .header("Content-Length", String(file.byte_size))
        .header("Cache-Control", "public, max-age=31536000, immutable")
        // Only images are stored, and the browser must not be talked into reading one as anything else.
        .header("X-Content-Type-Options", "nosniff")
        .send(body)
    );
  });
  app.get<{ Params: { key: string } }>("/files/:key", async (request, reply) =>
    reply.redirect(`${FILES_PATH}/${encodeURIComponent(request.params.key)}`, 301),
  );
}
