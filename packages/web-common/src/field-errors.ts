// Server 422 responses list errors as {path, message, key, values}; forms show them under the
// matching field, each said in the reader's language by its key, as distinct messages,
// comma-joined, capitalised, with a trailing period.

/** A message as the API's error body carries it: the English, its key and the values put in. */
export interface ServerMessage {
  message: string;
  key?: string;
  values?: Readonly<Record<string, string | number>>;
}

export interface ValidationIssue extends ServerMessage {
  path: string | ReadonlyArray<string | number>;
}

/** "email already registered", "is invalid" -> "Email already registered, is invalid." */
export function joinMessages(messages: readonly string[]): string {
  const distinct = [
    ...new Set(messages.map((message) => message.trim().replace(/\.+$/, "")).filter(Boolean)),
  ];
  if (distinct.length === 0) return "";
  const joined = distinct.join(", ");
  return `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.`;
}

/**
 * Field name -> the text to show under it, each message as `say` puts it (the English, unless given). A nested path goes to the longest of `fields` (dotted
 * names, such as "Label.en") it starts with, else to its first segment (the field).
 */
export function fieldErrorMessages(
  issues: readonly ValidationIssue[],
  fields: readonly string[] = [],
  say: (issue: ServerMessage) => string = (issue) => issue.message,
): Record<string, string> {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const field = fieldOf(issue.path, fields);
    byField.set(field, [...(byField.get(field) ?? []), say(issue)]);
  }
  return Object.fromEntries(
    [...byField].map(([field, messages]) => [field, joinMessages(messages)]),
  );
}

function fieldOf(path: ValidationIssue["path"], fields: readonly string[]): string {
  const segments = typeof path === "string" ? path.split(".") : path.map(String);
  for (let length = segments.length; length > 1; length--) {
    const name = segments.slice(0, length).join(".");
    if (fields.includes(name)) return name;
  }
  return segments[0] ?? "";
}
