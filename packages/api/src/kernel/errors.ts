import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { say, accessMessages, fieldMessages } from "./messages.ts";

export interface FieldError {
  path: string;
  message: string;
}

const codeForStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  410: "NOT_FOUND", // tRPC has no GONE; the status travels in `status` and wins below
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
};

/** An error with the exact HTTP status to answer with, and field errors for a 422. */
export class HttpError extends TRPCError {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More of the body, e.g. the open visit that a 409 refuses to duplicate. */
    readonly extra?: Record<string, unknown>,
  ) {
    super({ code: codeForStatus[status] ?? "INTERNAL_SERVER_ERROR", message });
  }
}

export const unauthorized = (message = say(accessMessages.loggedOut)) =>
  new HttpError(401, message);
export const forbidden = (message = say(accessMessages.notAllowed)) => new HttpError(403, message);
export const notFound = (what = "Record") =>
  new HttpError(404, say(accessMessages.notFound, { thing: what }));
export const gone = (message: string) => new HttpError(410, message);
export const invalid = (path: string, message: string) =>
  new HttpError(422, message, [{ path, message }]);
export const conflict = (message: string, extra: Record<string, unknown>) =>
  new HttpError(409, message, undefined, undefined, extra);
/** The wait goes in the message too, in minutes, so a person reads it where the header is out of sight. */
export const tooManyRequests = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    minutes === 1
      ? say(accessMessages.tooManyAttemptsOneMinute)
      : say(accessMessages.tooManyAttempts, { minutes }),
    undefined,
    {
      "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))),
    },
  );
};

const statusForCode: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
};

interface ZodLikeIssue {
  path: PropertyKey[];
  message: string;
}

function zodIssues(error: unknown): ZodLikeIssue[] | undefined {
  const candidate = error as { name?: string; issues?: ZodLikeIssue[] } | undefined;
  return candidate?.name === "ZodError" && Array.isArray(candidate.issues)
    ? candidate.issues
    : undefined;
}

export interface DescribedError {
  status: number;
  message: string;
  errors?: FieldError[] | undefined;
  headers?: Record<string, string> | undefined;
  /** More of the body, e.g. the open visit that a 409 refuses to duplicate. */
  extra?: Record<string, unknown> | undefined;
}

/** The one error body of every transport: {status, message} and, for bad input, errors. */
export function errorBody({ status, message, errors, extra }: DescribedError): {
  status: number;
  message: string;
  errors?: FieldError[];
} {
  return { ...extra, status, message, ...(errors ? { errors } : {}) };
}

/**
 * Any error as the client sees it: a procedure's, a schema's, Fastify's own (bad JSON, wrong
 * content type, body too large) or an unexpected one, which is a 500 with a plain sentence.
 */
export function describeError(error: unknown): DescribedError {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      message: error.message,
      errors: error.errors,
      headers: error.headers,
      extra: error.extra,
    };
  }
  // The caller's input: a schema's error thrown by a raw route, or tRPC's BAD_REQUEST over its
  // input's. tRPC wraps anything else a procedure throws, its answer failing its own output
  // schema included, as INTERNAL_SERVER_ERROR: ours, a 500 logged with that cause.
  const issues = zodIssues(
    error instanceof TRPCError ? (error.code === "BAD_REQUEST" ? error.cause : undefined) : error,
  );
  if (issues) {
    const errors = issues.map((issue) => ({
      path: issue.path.map(String).join(".") || "body",
      message: issue.message,
    }));
    return { status: 422, message: say(fieldMessages.validationFailed), errors };
  }
  if (databaseUnreachable(error)) {
    return { status: 503, message: unreachableMessage, headers: { "Retry-After": "5" } };
  }
  if (error instanceof TRPCError) {
    const status = statusForCode[error.code] ?? 500;
    return { status, message: status === 500 ? internalMessage : error.message };
  }
  const statusCode = (error as { statusCode?: unknown } | undefined)?.statusCode;
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, message: (error as Error).message };
  }
  // A 500's message may hold SQL or a stack; people see a plain sentence instead.
  return { status: 500, message: internalMessage };
}

const internalMessage = say(accessMessages.internal);
const unreachableMessage = say(accessMessages.databaseUnreachable);

/** Socket errors, and PostgreSQL's connection failures (class 08), shutdowns (57P0x) and full house. */
const unreachableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
/** node-postgres reports a lost or refused connection in words, without a code. */
const unreachableMessages =
  /^(Connection terminated|timeout exceeded when trying to connect)|is not currently accepting connections/;

/**
 * The database away (a restart, a failover, the network), not a wrong query: a 503 the caller may
 * retry (a tablet queues its sign-in and sends it again), not a 500. Looks through tRPC's wrapping.
 */
function databaseUnreachable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current && typeof current === "object" && depth < 4; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (unreachableCodes.has(code) || code.startsWith("08")))
      return true;
    if (typeof message === "string" && unreachableMessages.test(message)) return true;
    current = cause;
  }
  return false;
}
