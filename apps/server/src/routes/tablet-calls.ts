import {
  appRouter,
  createContext,
  HttpError,
  visitSchema,
  type Context,
  type Services,
} from "@vsi/api";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/**
 * A tablet's three calls under /api (its sheet, a sign-in, a sign-out) as plain Fastify routes that
 * call the same procedures in process: the OpenAPI adapter's per-request work (a URL parsed, a
 * dozen methods bound, a caller built, its JSON.stringify) is the larger part of these calls' CPU.
 * Inputs, outputs, errors, status and headers are the procedures', so the contract and the
 * OpenAPI document are unchanged; every other call still goes through the adapter.
 */

type JsonSchema = { [key: string]: unknown };

/** zod's JSON Schema as fast-json-stringify compiles it fastest: no examples, nullable as a type list. */
function forSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializer);
  if (!schema || typeof schema !== "object") return schema;
  const { example: _example, minimum: _min, maximum: _max, anyOf, ...rest } = schema as JsonSchema;
  const out: JsonSchema = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, forSerializer(v)]),
  );
  const options = anyOf as JsonSchema[] | undefined;
  if (options?.length === 2 && options.some((o) => o.type === "null")) {
    const other = forSerializer(options.find((o) => o.type !== "null")) as JsonSchema;
    return { ...out, ...other, type: [other.type, "null"] };
  }
  return anyOf ? { ...out, anyOf: forSerializer(anyOf) } : out;
}

const json = z.toJSONSchema(visitSchema, {
  io: "output",
  reused: "inline",
  target: "draft-7",
}) as unknown as { definitions: { Visit: unknown } };
const visitJson = forSerializer(json.definitions.Visit);
const visitListJson = { type: "array", items: visitJson };

/** The query as the OpenAPI adapter reads it: empty values dropped, a single repeated value unwrapped. */
function queryInput(query: unknown): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value)
      input[key] = Array.isArray(value) && value.length === 1 ? (value[0] as unknown) : value;
  }
  return input;
}

/** A body as the adapter reads it: JSON only, spread into the input. */
function bodyInput(request: FastifyRequest): Record<string, unknown> {
  const type = request.headers["content-type"];
  if (type && !type.startsWith("application/json"))
    throw new HttpError(415, `Unsupported content-type "${type}"`);
  return { ...(request.body as object | undefined) };
}

type Procedure = (typeof appRouter.visits)["list" | "create" | "signOut"];

/**
 * The procedure at `path` called as tRPC's createCaller calls it (same middlewares, same errors),
 * without building a caller per request: its proxies and path lookup cost more than the call.
 */
function procedureAt(path: "list" | "create" | "signOut") {
  const procedure: Procedure = appRouter.visits[path];
  const options = {
    path: `visits.${path}`,
    type: procedure._def.type,
    signal: undefined,
    batchIndex: 0,
  };
  return (ctx: Context, input: unknown) =>
    procedure({ ...options, ctx, getRawInput: () => Promise.resolve(input) });
}
const list = procedureAt("list");
const create = procedureAt("create");
const signOut = procedureAt("signOut");

export function registerTabletCalls(app: FastifyInstance, services: Services) {
  const call = async (
    request: FastifyRequest,
    reply: FastifyReply,
    run: (ctx: Context) => Promise<unknown>,
  ) => {
    const ctx = await createContext(services, request, reply, { deferTablet: true });
    const data = await run(ctx);
    // The adapter's status, headers and content type (responseMeta in routes/openapi.ts).
    return reply
      .code(ctx.response.status ?? 200)
      .headers(ctx.response.headers)
      .type("application/json")
      .send(data);
  };
  // Request logs at warn: a tablet's calls are the hot path, and errors still log.
  const options = (status: number, schema: unknown) => ({
    logLevel: "warn" as const,
    schema: { response: { [status]: schema } },
  });

  app.get("/api/visits", options(200, visitListJson), (request, reply) =>
    call(request, reply, (ctx) => list(ctx, queryInput(request.query))),
  );
  app.post("/api/visits", options(201, visitJson), (request, reply) =>
    call(request, reply, (ctx) => create(ctx, bodyInput(request))),
  );
  app.patch("/api/visits/:id/sign-out", options(200, visitJson), (request, reply) =>
    call(request, reply, (ctx) =>
      signOut(ctx, { ...bodyInput(request), ...(request.params as object) }),
    ),
  );
}
