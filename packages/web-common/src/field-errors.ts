// Server 422 responses list errors as {path, message}; forms show them under the matching field
// as distinct messages, comma-joined, capitalised, with a trailing period.

export interface ValidationIssue {
  path: string | ReadonlyArray<string | number>;
  message: string;
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
 * Field name -> the text to show under it. A nested path goes to the longest of `fields` (dotted
 * names, such as "Label.en") it starts with, else to its first segment (the field).
 */
export function fieldErrorMessages(
  issues: readonly ValidationIssue[],
  fields: readonly string[] = [],
): Record<string, string> {
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const field = fieldOf(issue.path, fields);
    byField.set(field, [...(byField.get(field) ?? []), issue.message]);
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
