import { appRouter, type ProcedureMeta, type Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { backupDownloadOperation } from "./backup-download.ts";
import { docsPage } from "./docs-page.ts";
import { doorPosterOperation } from "./door-poster.ts";
import {
  doorVisitEventsOperation,
  liveEventsOperation,
  screenEventsOperation,
} from "./live-events.ts";
import { partnerReportPrintOperation } from "./partner-report.ts";
import { signatureOperation, signSheetOperation } from "./signatures.ts";
import { documentResponses, type Document } from "./openapi-responses.ts";
import { registerOperations, type Paths } from "./operations.ts";
import { webhookEventsDocument } from "./webhook-events.ts";

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
      "/locations/{id}/poster": doorPosterOperation,
      "/screen/{code}/events": screenEventsOperation,
      "/door/visits/{visitToken}/events": doorVisitEventsOperation,
      "/visits/{id}/signature": signatureOperation,
      "/reports/sign-sheet": signSheetOperation,
      "/reports/partner/print": partnerReportPrintOperation,
    },
    filter: ({ metadata }) => {
      metas.set(`${metadata.openapi.method} ${metadata.openapi.path}`, metadata);
      return true;
    },
  });
  documentResponses(document as Document, metas);
  return { ...document, webhooks: webhookEventsDocument() };
}

/** /api: the procedures that carry OpenAPI metadata, their document and a docs page. */
export function registerOpenApi(app: FastifyInstance, services: Services) {
  const document = openApiDocument(services.config.baseUrl);
  app.get("/api/openapi.json", () => document);
  app.get("/api/docs", (_req, reply) => reply.type("text/html").send(docsPage()));
  // The raw routes' own operations (a file download, an event stream) are registered with them.
  const raw = new Set([
    backupDownloadOperation.get.operationId,
    liveEventsOperation.get.operationId,
    doorPosterOperation.get.operationId,
    screenEventsOperation.get.operationId,
    doorVisitEventsOperation.get.operationId,
    signatureOperation.get.operationId,
    signSheetOperation.get.operationId,
    partnerReportPrintOperation.get.operationId,
  ]);
  const procedures = Object.fromEntries(
    Object.entries(document.paths as Paths).map(([path, operations]) => [
      path,
      Object.fromEntries(Object.entries(operations).filter(([, op]) => !raw.has(op.operationId))),
    ]),
  );
  registerOperations(app, services, procedures);
}
