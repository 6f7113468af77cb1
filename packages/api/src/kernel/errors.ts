import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import {
  keyOf,
  say,
  accessMessages,
  fieldMessages,
  type KeyedMessage,
  type requestMessages,
  type MessageValues,
} from "./messages.ts";

/** A field's problem: its key and values given, or found by keyOf from a sentence say() made. */
export interface FieldError {
  path: string;
  message: string;
  key?: string;
  values?: MessageValues;
}
/** A field's problem as the body carries it. */
export interface KeyedFieldError extends KeyedMessage {
  path: string;
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

/**
 * A message of the catalogue (kernel/messages.ts): a sentence say() made, or said()'s with its key.
 * A sentence of other words goes with the key of a request refused.
 */
export type Message = string | KeyedMessage;

/** The message with its key: said()'s own, else the one say() kept with the sentence. */
export function keyedMessage(message: Message, otherWords = refusedKey): KeyedMessage {
  if (typeof message !== "string") return message;
  const known = keyOf(message);
  return known ? { message, ...known } : { message, key: otherWords, values: {} };
}

/** An error with the exact HTTP status to answer with, and field errors for a 422. */
export class HttpError extends TRPCError {
  /** The message's key and values (the English is `message`). */
  readonly said: KeyedMessage;
  constructor(
    readonly status: number,
    message: Message,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More of the body, e.g. the open visit that a 409 refuses to duplicate. */
    readonly extra?: Record<string, unknown>,
  ) {
    const said = keyedMessage(message);
    super({ code: codeForStatus[status] ?? "INTERNAL_SERVER_ERROR", message: said.message });
    this.said = said;
  }
}

export const unauthorized = (message: Message = say(accessMessages.loggedOut)) =>
  new HttpError(401, message);
export const forbidden = (message: Message = say(accessMessages.notAllowed)) =>
  new HttpError(403, message);
export const notFound = (what = "Record") =>
  new HttpError(404, say(accessMessages.notFound, { thing: what }));
export const gone = (message: Message) => new HttpError(410, message);
export const invalid = (path: string, message: Message) => {
  const said = keyedMessage(message);
  return new HttpError(422, said, [{ path, ...said }]);
};
export const conflict = (message: Message, extra: Record<string, unknown>) =>
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
  /** The message's key in the catalogue (kernel/messages.ts) and the values put in. */
  key: string;
  values: MessageValues;
  errors?: KeyedFieldError[] | undefined;
  headers?: Record<string, string> | undefined;
  /** More of the body, e.g. the open visit that a 409 refuses to duplicate. */
  extra?: Record<string, unknown> | undefined;
}

/** The one error body of every transport: {status, message, key, values} and, for bad input, errors. */
export function errorBody({ status, message, key, values, errors, extra }: DescribedError): {
  status: number;
  message: string;
  key: string;
  values: MessageValues;
  errors?: KeyedFieldError[];
} {
  return { ...extra, status, message, key, values, ...(errors ? { errors } : {}) };
}

/** Each field's problem with its key; zod's own words (no form sends such input) as invalidInput's. */
const keyedFieldError = ({ path, message, key, values }: FieldError): KeyedFieldError => ({
  path,
  ...(key === undefined
    ? keyedMessage(message, invalidInputKey)
    : { message, key, values: values ?? {} }),
});

/**
 * Any error as the client sees it: a procedure's, a schema's, Fastify's own (bad JSON, wrong
 * content type, body too large) or an unexpected one, which is a 500 with a plain sentence.
 */
export function describeError(error: unknown): DescribedError {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      ...error.said,
      errors: error.errors?.map(keyedFieldError),
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
    const errors = issues.map((issue) =>
      keyedFieldError({ path: issue.path.map(String).join(".") || "body", message: issue.message }),
    );
    return { status: 422, ...keyedMessage(say(fieldMessages.validationFailed)), errors };
  }
  if (databaseUnreachable(error)) {
    return { status: 503, ...keyedMessage(unreachableMessage), headers: { "Retry-After": "5" } };
  }
  if (error instanceof TRPCError) {
    const status = statusForCode[error.code] ?? 500;
    return { status, ...keyedMessage(status === 500 ? internalMessage : error.message) };
  }
  const statusCode = (error as { statusCode?: unknown } | undefined)?.statusCode;
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, ...keyedMessage((error as Error).message) };
  }
  // A 500's message may hold SQL or a stack; people see a plain sentence instead.
  return { status: 500, ...keyedMessage(internalMessage) };
}

const internalMessage = say(accessMessages.internal);
const unreachableMessage = say(accessMessages.databaseUnreachable);
const refusedKey = "requestRefused" satisfies keyof typeof requestMessages;
const invalidInputKey = "invalidInput" satisfies keyof typeof requestMessages;

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

/** A violation of `constraint` with SQLSTATE `code`, as pg and PGlite report it. */
function violates(error: unknown, code: string, constraint: string): boolean {
  const { code: raised, constraint: violated, message } = (error ?? {}) as Record<string, unknown>;
  return raised === code && (violated === constraint || String(message).includes(constraint));
}

/** A unique violation of `constraint` (a unique index or key). */
export const isUniqueViolation = (error: unknown, constraint: string) =>
  violates(error, "23505", constraint);

/** A foreign key violation of `constraint`: the row it names is gone. */
export const isForeignKeyViolation = (error: unknown, constraint: string) =>
  violates(error, "23503", constraint);
