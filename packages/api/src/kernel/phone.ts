// Without zod, so the tablet's sheet can use the rule without loading every schema.

/**
 * The one phone rule (the form's mask, create, update and lookup): spaces, dashes, dots and
 * brackets are formatting, a leading +1 or 1 before ten digits is the US country code, and what
 * is left must be exactly 10 digits.
 */
export function phoneDigits(value: string): string {
  return value.replace(/[\s\-.()]/g, "").replace(/^\+?1(?=\d{10}$)/, "");
}
