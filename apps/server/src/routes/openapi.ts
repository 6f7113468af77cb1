import { appRouter, createContext, describeError, type Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";
import { fastifyTRPCOpenApiPlugin, generateOpenApiDocument } from "trpc-to-openapi";
import { docsPage } from "./docs-page.ts";

export function openApiDocument(baseUrl: string) {
  return generateOpenApiDocument(appRouter, {
    title: "Visitor Sign-In API",
    description:
      "The same procedures the web app calls, as REST. Authenticate with `Authorization: Bearer <token>` " +
      "(create one under My Account), or with the session cookie plus the X-XSRF-TOKEN header.",
    version: "1.0.0",
    baseUrl: `${baseUrl}/api`,
    securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
  });
}

/** The contract's error body: {status, message} and, for a 422, errors: [{path, message}]. */
function contractErrorBody(status: number, payload: unknown): string {
  let parsed: { message?: unknown; errors?: unknown } = {};
  try {
    parsed = typeof payload === "string" ? JSON.parse(payload) : {};
  } catch {
    // not JSON: keep the generic message below
  }
  const message = typeof parsed.message === "string" ? parsed.message : "Request failed";
  return JSON.stringify({ status, message, ...(Array.isArray(parsed.errors) ? { errors: parsed.errors } : {}) });
}

/** /api: the procedures that carry OpenAPI metadata, their document and a docs page. */
export async function registerOpenApi(app: FastifyInstance, services: Services) {
  const document = openApiDocument(services.config.baseUrl);
  app.get("/api/openapi.json", async () => document);
  app.get("/api/docs", async (_req, reply) => reply.type("text/html").send(docsPage()));

  await app.register(async (api) => {
    // Bodyless PATCH/DELETE (sign-out, revoke) from scripts need no content type.
    api.addHook("preHandler", async (request) => {
      if (request.method !== "GET" && !request.headers["content-type"]) request.headers["content-type"] = "application/json";
    });
    api.addHook("onSend", async (_request, reply, payload) => {
      if (reply.statusCode < 400 || reply.getHeader("content-type")?.toString().startsWith("application/json") !== true) return payload;
      return contractErrorBody(reply.statusCode, payload);
    });
    await api.register(fastifyTRPCOpenApiPlugin, {
      basePath: "/api",
      router: appRouter,
      createContext: ({ req, res }: { req: Parameters<typeof createContext>[1]; res: Parameters<typeof createContext>[2] }) =>
        createContext(services, req, res),
      responseMeta({ ctx, errors }: { ctx?: { response: { status?: number; headers: Record<string, string> } }; errors: Parameters<typeof describeError>[0][] }) {
        const error = errors[0];
        if (error) {
          const described = describeError(error);
          return { status: described.status, headers: described.headers ?? {} };
        }
        return { status: ctx?.response.status ?? 200, headers: ctx?.response.headers ?? {} };
      },
      onError({ error, path }: { error: Parameters<typeof describeError>[0]; path?: string }) {
        if (describeError(error).status >= 500) app.log.error({ err: error.cause ?? error, path }, "procedure failed");
      },
    } as never);
  });
}
