import { appRouter, createContext, type ProcedureMeta, type Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";
import { fastifyTRPCOpenApiPlugin, generateOpenApiDocument } from "trpc-to-openapi";
import { backupDownloadOperation } from "./backup-download.ts";
import { docsPage } from "./docs-page.ts";
import { liveEventsOperation } from "./live-events.ts";
import { documentResponses, type Document } from "./openapi-responses.ts";

export function openApiDocument(baseUrl: string) {
  // Each procedure's meta, by "METHOD /path", for its responses (see documentResponses).
  const metas = new Map<string, ProcedureMeta>();
  const document = generateOpenApiDocument<ProcedureMeta>(appRouter, {
    title: "Visitor Sign-In API",
    description:
      "The same procedures the web app calls, as REST. Authenticate with `Authorization: Bearer <token>` " +
      "(create one under My Account), or with the session cookie plus the X-XSRF-TOKEN header.",
    version: "1.0.0",
    baseUrl: `${baseUrl}/api`,
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
    // Raw routes that belong in the document: a file download and an event stream have no procedure.
    paths: {
      "/backups/{name}": backupDownloadOperation,
      "/locations/{id}/events": liveEventsOperation,
    },
    filter: ({ metadata }) => {
      metas.set(`${metadata.openapi.method} ${metadata.openapi.path}`, metadata);
      return true;
    },
  });
  documentResponses(document as Document, metas);
  return document;
}

/** /api: the procedures that carry OpenAPI metadata, their document and a docs page. */
export async function registerOpenApi(app: FastifyInstance, services: Services) {
  const document = openApiDocument(services.config.baseUrl);
  app.get("/api/openapi.json", () => document);
  app.get("/api/docs", (_req, reply) => reply.type("text/html").send(docsPage()));

  await app.register(async (api) => {
    // Bodyless PATCH/DELETE (sign-out, revoke) from scripts need no content type.
    api.addHook("preHandler", (request, _reply, done) => {
      if (request.method !== "GET" && !request.headers["content-type"])
        request.headers["content-type"] = "application/json";
      // Fastify reads originalUrl lazily, and the adapter strips /api from the raw URL before the
      // context asks for it: read it now, so Link headers point back to /api/visits?...
      void request.originalUrl;
      done();
    });
    await api.register(fastifyTRPCOpenApiPlugin, {
      basePath: "/api",
      router: appRouter,
      createContext: ({
        req,
        res,
      }: {
        req: Parameters<typeof createContext>[1];
        res: Parameters<typeof createContext>[2];
      }) => createContext(services, req, res),
      responseMeta({
        ctx,
      }: {
        ctx?: { response: { status?: number; headers: Record<string, string> } };
      }) {
        return { status: ctx?.response.status ?? 200, headers: ctx?.response.headers ?? {} };
      },
      // The adapter calls this before it writes its own error body; throwing hands the error to
      // the app's one error handler instead, so /api answers exactly like every other route.
      onError({ error }: { error: Error }) {
        throw error;
      },
    } as never);
  });
}
