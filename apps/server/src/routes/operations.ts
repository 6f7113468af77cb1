import { createCaller, createContext, HttpError, type Context, type Services } from "@vsi/api";
import { requestMessages, said } from "@vsi/api/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** What /api needs of an operation in the OpenAPI document. */
interface Operation {
  operationId: string;
  parameters?: unknown[];
  requestBody?: unknown;
}

export type Paths = Record<string, Record<string, Operation>>;

type Procedure = (input: unknown) => Promise<unknown>;

/** The procedure an operation names: its operationId is the procedure's path with dashes. */
function procedureOf(operationId: string) {
  const [group, name] = operationId.split("-") as [string, string];
  return (ctx: Context) =>
    (createCaller(ctx) as unknown as Record<string, Record<string, Procedure>>)[group]![name]!;
}

/** The query as procedures read it: empty values dropped, a value given once not a list. */
function queryInput(query: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value) input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  return input;
}

/** A body as procedures read it: JSON only, its fields the input's. */
function bodyInput(request: FastifyRequest): Record<string, unknown> {
  const type = request.headers["content-type"];
  if (type && !type.startsWith("application/json"))
    throw new HttpError(415, said(requestMessages.unsupportedContentType, { type }));
  return { ...(request.body as object | undefined) };
}

/**
 * /api: one Fastify route per operation of the OpenAPI document, built at start, each calling its
 * procedure in process (tRPC's createCaller) with the path, the query or the body as its input.
 * The procedure's errors go to the app's one error handler; its status and headers are what it
 * set on the context (201, 204, Link, X-Total-Count).
 */
export function registerOperations(app: FastifyInstance, services: Services, paths: Paths) {
  for (const [template, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const procedure = procedureOf(operation.operationId);
      const takesInput = Boolean(operation.requestBody) || Boolean(operation.parameters?.length);
      // GET and DELETE read the query, as the OpenAPI adapter for tRPC does; the others a body.
      const takesBody = method !== "get" && method !== "delete";
      app.route({
        method: method.toUpperCase(),
        url: `/api${template.replace(/\{([^}]+)\}/g, ":$1")}`,
        handler: async (request, reply) => {
          const fields = takesBody ? bodyInput(request) : queryInput(request.query);
          // A tablet's cookie stays a claim: its own calls check it in their statement.
          const ctx = await createContext(services, request, reply, { tablets: "claim" });
          const input = takesInput ? { ...fields, ...(request.params as object) } : undefined;
          const data = await procedure(ctx)(input);
          const status = ctx.response.status ?? 200;
          void reply.code(status).headers(ctx.response.headers);
          if (status === 204) return reply.send();
          return reply.type("application/json").send(JSON.stringify(data));
        },
      });
    }
  }
}
