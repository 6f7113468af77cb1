import { createReadStream } from "node:fs";
import path from "node:path";
import { createContext, notFound, assertAdmin, type Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";
import { errorResponse } from "./openapi-responses.ts";

export const backupDownloadPath = "/api/backups/:name";

/** GET /api/backups/{name}: one archive as a download (admin). */
export function registerBackupDownload(app: FastifyInstance, services: Services) {
  app.get<{ Params: { name: string } }>(backupDownloadPath, async (request, reply) => {
    const ctx = await createContext(services, request, reply);
    assertAdmin(ctx.identity);
    const entry = await services.backups.find(request.params.name);
    if (!entry) throw notFound("Backup");
    return reply
      .header("Content-Type", "application/gzip")
      .header("Content-Length", String(entry.bytes))
      .header("Content-Disposition", `attachment; filename="${entry.name}"`)
      .header("Cache-Control", "no-store")
      .send(createReadStream(path.join(services.backups.dir, entry.name)));
  });
}

/** The download in the OpenAPI document, beside the procedures it cannot be one of. */
export const backupDownloadOperation = {
  get: {
    operationId: "backups-download",
    summary: "Download one backup archive (.tar.gz) (admin)",
    tags: ["backups"],
    security: [{ bearer: [] }],
    parameters: [
      {
        name: "name",
        in: "path" as const,
        required: true,
        schema: {
          type: "string" as const,
          example: "backup-2026-11-22T03-00-00-000Z-nightly.tar.gz",
        },
      },
    ],
    responses: {
      "200": {
        description: "The archive",
        content: { "application/gzip": { schema: { type: "string" as const, format: "binary" } } },
      },
      "401": errorResponse("Not logged in"),
      "403": errorResponse("Not an administrator"),
      "404": errorResponse("No backup of that name"),
    },
  },
};
