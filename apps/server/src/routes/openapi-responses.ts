import { accessTable, errorBodySchema, type IdentityKind, type ProcedureMeta } from "@vsi/api";

/**
 * The document's responses as the server answers them. trpc-to-openapi writes 200 for every success
 * and its own error body; the server answers 201 for what a call creates, 204 for no answer, and
 * every error as {status, message, key, values, errors?} (errorBody in @vsi/api). Each operation lists the
 * statuses it may answer: those of its access level (accessTable), those of its input and method,
 * and its own (meta.openapi.errorResponses).
 */

type Schema = Record<string, unknown>;
interface Response {
  description: string;
  headers?: unknown;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  parameters?: Array<{ in: string; name?: string }>;
  requestBody?: unknown;
  responses: Record<string, Response>;
}
export interface Document {
  paths?: Record<string, Record<string, Operation> | undefined>;
  components?: { schemas?: Record<string, unknown> };
}

/**
 * An error response of a hand-written operation (a raw route's): its body the zod schema, which
 * makes the document's Error component, the one every operation's errors point to.
 */
export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBodySchema } },
});

const errorContent = {
  "application/json": { schema: { $ref: "#/components/schemas/Error" } },
};

const unsafeMethods = ["post", "put", "patch", "delete"];

/** Who each refusal of the access table turns away, as the document says it. */
const refusedKind: Record<IdentityKind, string> = {
  anonymous: "nobody logged in",
  tablet: "a tablet",
  staff: "staff who are not administrators",
  siteAdmin: "an administrator of some locations only",
  admin: "an administrator",
};

function accessErrors(access: ProcedureMeta["access"]): Array<[number, string]> {
  if (!access) return [];
  const refused = (status: 401 | 403) =>
    (Object.keys(accessTable[access]) as IdentityKind[]).filter(
      (kind) => accessTable[access][kind] === status,
    );
  const errors: Array<[number, string]> = [];
  if (refused(401).length) errors.push([401, "Not logged in, or a disconnected tablet"]);
  const forbidden = refused(403);
  if (forbidden.length)
    errors.push([403, `Not for ${forbidden.map((kind) => refusedKind[kind]).join(" or ")}`]);
  return errors;
}

/** What any call may answer, by what it takes: a procedure's input is read by its schema. */
function commonErrors(method: string, op: Operation, procedure: boolean): Array<[number, string]> {
  const errors: Array<[number, string]> = [];
  if (unsafeMethods.includes(method)) {
    errors.push(
      [400, "The body is not JSON, or nests too deep"],
      [403, "A call made with the session cookie but without the X-XSRF-TOKEN header"],
      [413, "The body is too large"],
      [415, "The body is not application/json"],
    );
  }
  const hasInput = Boolean(op.requestBody) || (op.parameters?.length ?? 0) > 0;
  if (procedure && hasInput) errors.push([422, "Bad input: `errors` names each field's problem"]);
  const inPath = op.parameters?.some((p) => p.in === "path");
  if (inPath) errors.push([400, "The path is not valid percent-encoding"]);
  if (procedure && inPath) errors.push([404, "Nothing has that id"]);
  // Staff hold some locations only: another one named is as if it did not exist.
  if (procedure && op.parameters?.some((p) => p.in === "query" && p.name === "locationId"))
    errors.push([404, "locationId names a location the caller does not hold"]);
  errors.push(
    [500, "Internal server error"],
    [503, "The database cannot be reached just now: try again after Retry-After seconds"],
  );
  return errors;
}

/** A nullable answer is 200 when there is one and 204 when there is none (null). */
function successResponses(meta: ProcedureMeta, generated: Response): Record<string, Response> {
  const schema = generated.content?.["application/json"]?.schema ?? {};
  const branches = (schema.anyOf as Schema[] | undefined) ?? [schema];
  const some = branches.filter((branch) => branch.type !== "null");
  const noContent = { description: "No content" };
  if (some.length === 0) return { 204: noContent };
  const body = {
    ...generated,
    content: { "application/json": { schema: some.length === 1 ? some[0] : { anyOf: some } } },
  };
  return {
    [meta.status ?? 200]: body,
    ...(some.length < branches.length ? { 204: noContent } : {}),
  };
}

/**
 * Rewrites the responses of every operation in place: procedures (their meta by "METHOD /path")
 * from their meta, the raw routes' hand-written operations keeping their own statuses.
 */
export function documentResponses(document: Document, metas: Map<string, ProcedureMeta>) {
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(operations ?? {})) {
      const meta = metas.get(`${method.toUpperCase()} ${path}`);
      const listed = Object.entries(op.responses).filter(([status]) => !status.startsWith("2"));
      const own: Array<[number, string]> = meta
        ? Object.entries(meta.openapi?.errorResponses ?? {}).map(([status, description]) => [
            Number(status),
            String(description),
          ])
        : listed.map(([status, response]) => [Number(status), response.description]);
      const errors = new Map<number, string[]>();
      for (const [status, description] of [
        ...accessErrors(meta?.access),
        ...own,
        ...commonErrors(method, op, Boolean(meta)),
      ]) {
        const descriptions = errors.get(status) ?? [];
        if (!descriptions.includes(description)) descriptions.push(description);
        errors.set(status, descriptions);
      }
      const success = Object.fromEntries(
        Object.entries(op.responses).filter(([status]) => status.startsWith("2")),
      );
      op.responses = {
        ...(meta && success["200"] ? successResponses(meta, success["200"]) : success),
        ...Object.fromEntries(
          [...errors]
            .sort(([a], [b]) => a - b)
            .map(([status, descriptions]) => [
              status,
              { description: descriptions.join("; "), content: errorContent },
            ]),
        ),
      };
    }
  }
  // trpc-to-openapi's own error bodies, which the server never answers.
  for (const name of Object.keys(document.components?.schemas ?? {}))
    if (name.startsWith("error.")) delete document.components!.schemas![name];
}

/** A raw route's query parameter, as the OpenAPI document lists it. */
export const queryParameter = (
  name: string,
  required: boolean,
  schema: { type: "string" | "integer"; format?: string },
  description: string,
) => ({
  name,
  in: "query" as const,
  required,
  schema,
  description,
});
