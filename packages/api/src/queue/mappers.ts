import type { QueueView } from "./schema.ts";

/**
 * A now-serving screen's link. "/screen" is the staff app's page for it (@vsi/web-common's
 * addresses.js names the same path for the browsers).
 */
export const screenUrl = (baseUrl: string, code: string) =>
  `${baseUrl.replace(/\/+$/, "")}/screen/${encodeURIComponent(code)}`;

/** The numbers waiting, line by line: the location's shared line first, then each program's by name. */
export function waitingByLine(waiting: QueueView["waiting"]) {
  const lines = new Map<
    number | null,
    { line: QueueView["waiting"][number]["line"]; numbers: number[] }
  >();
  for (const { number, line } of waiting) {
    const entry = lines.get(line?.id ?? null) ?? { line, numbers: [] };
    entry.numbers.push(number);
    lines.set(line?.id ?? null, entry);
  }
  return [...lines.values()].sort((a, b) =>
    a.line === null ? -1 : b.line === null ? 1 : a.line.Name.localeCompare(b.line.Name),
  );
}
