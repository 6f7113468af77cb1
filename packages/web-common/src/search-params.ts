// Query-string readers for validateSearch. Plain functions rather than zod: the route tree is in
// the first chunk every page loads, and zod would double its size.

/** A positive integer (the router parses "?page=2" to 2), or undefined for anything else. */
export function positiveInt(value: unknown): number | undefined {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** A calendar date YYYY-MM-DD, or undefined. */
export function isoDate(value: unknown): string | undefined {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}
