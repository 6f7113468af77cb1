import { fieldErrorMessages, type ServerMessage, type ValidationIssue } from "./field-errors.ts";

// The server's tRPC error formatter puts the HTTP status in `data.httpStatus` (and
// `status`) and, for a 422, the field errors in `errors`. Errors are read defensively because a
// network failure or a proxy error page carries none of that.

interface ErrorShape {
  status?: unknown;
  message?: unknown;
  key?: unknown;
  values?: unknown;
  visit?: unknown;
  errors?: unknown;
  data?: { httpStatus?: unknown } | null;
}

function shapeOf(error: unknown): ErrorShape | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const candidate = error as { shape?: ErrorShape; data?: ErrorShape["data"] };
  return { ...candidate.shape, data: candidate.data ?? candidate.shape?.data };
}

/** The HTTP status of a failed call, or undefined when the request never got an answer. */
export function httpStatusOf(error: unknown): number | undefined {
  const shape = shapeOf(error);
  const status = shape?.status ?? shape?.data?.httpStatus;
  return typeof status === "number" ? status : undefined;
}

/**
 * A failure's message with its key and values, for a page to say it in its reader's language;
 * the error's own words (no key) when the answer carried no body of the API's.
 */
export function messageOf(error: unknown): ServerMessage {
  const shape = shapeOf(error);
  const own = error instanceof Error ? error.message : String(error);
  return typeof shape?.key === "string" && typeof shape.message === "string"
    ? { message: shape.message, key: shape.key, values: valuesOf(shape.values) }
    : { message: own };
}

/**
 * The field errors of a 422, keyed by field (a form's nested `fields`, such as "Label.en", kept
 * whole), each message as `say` puts it (by its key; the English unless given); undefined for any
 * other failure.
 */
export function fieldErrorsOf(
  error: unknown,
  fields?: readonly string[],
  say?: (issue: ServerMessage) => string,
): Record<string, string> | undefined {
  if (httpStatusOf(error) !== 422) return undefined;
  const errors = shapeOf(error)?.errors;
  if (!Array.isArray(errors)) return {};
  const issues = errors.filter(isValidationIssue).map((issue) => ({
    path: issue.path,
    ...keptOf(issue),
  }));
  return fieldErrorMessages(issues, fields, say);
}

/**
 * A 422's messages for the answers to intake questions (`Answers.<id>`), by question id, with
 * their keys; undefined for any other failure. The other fields' are fieldErrorsOf's.
 */
export function answerErrorsOf(error: unknown): Record<string, ServerMessage> | undefined {
  if (httpStatusOf(error) !== 422) return undefined;
  const errors = shapeOf(error)?.errors;
  const messages: Record<string, ServerMessage> = {};
  for (const issue of Array.isArray(errors) ? errors.filter(isValidationIssue) : []) {
    const path = typeof issue.path === "string" ? issue.path.split(".") : issue.path.map(String);
    if (path[0] === "Answers" && path[1] !== undefined) messages[path[1]] ??= keptOf(issue);
  }
  return messages;
}

/** An issue's message, key and values, read defensively. */
function keptOf({ message, key, values }: ValidationIssue): ServerMessage {
  return typeof key === "string" ? { message, key, values: valuesOf(values) } : { message };
}

function valuesOf(values: unknown): Record<string, string | number> {
  if (typeof values !== "object" || values === null) return {};
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === "string" || typeof entry[1] === "number",
    ),
  );
}

function isValidationIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== "object" || value === null) return false;
  const { path, message } = value as { path?: unknown; message?: unknown };
  return typeof message === "string" && (typeof path === "string" || Array.isArray(path));
}

/**
 * Whether a call that failed with this status is worth sending again later: no answer at all, a
 * time-out (408), too many requests (429, which the API answers with Retry-After) or a server-side
 * failure. Any other refusal (422, 403, 404, 409 …) is the server's final word. The one rule for
 * every queue and every retry.
 */
export function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status >= 500 || status === 408 || status === 429;
}

/** A failed call worth repeating, by isRetryableStatus. */
export function isRetryable(error: unknown): boolean {
  return isRetryableStatus(httpStatusOf(error));
}

/** The visit a 409 refers to: the phone is already signed in there. */
export function openVisitOf(error: unknown): { id: number; TimeIn: string } | undefined {
  if (httpStatusOf(error) !== 409) return undefined;
  const visit = shapeOf(error)?.visit as { id?: unknown; TimeIn?: unknown } | undefined;
  return typeof visit?.id === "number" && typeof visit.TimeIn === "string"
    ? { id: visit.id, TimeIn: visit.TimeIn }
    : undefined;
}
