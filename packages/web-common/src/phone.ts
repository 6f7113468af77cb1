import { phoneDigits } from "@vsi/api/schemas";

// Phone numbers are stored as 10 digits; people see them with dashes. What counts as a phone
// number is the API's one rule (phoneDigits); these helpers only display it.

export { phoneDigits };

/**
 * US formatting as the visitor types: "4155" -> "415-5", "4155551234" -> "415-555-1234",
 * "1-415-555-1234" -> "415-555-1234". A dash appears only once a digit follows it, so
 * backspacing over a dash never gets stuck. Letters and other signs are dropped as typed.
 */
export function formatPhoneInput(value: string): string {
  const digits = phoneDigits(value.replace(/[^\d\s\-.()+]/g, "")).replace(/\D/g, "");
  return splitPhone(digits.slice(0, 10)).join("-");
}

/** Report display: three digits, three digits, then the rest, dash separated. */
export function formatPhone(phoneNumber: string): string {
  return splitPhone(phoneDigits(phoneNumber)).join("-");
}

/** Sheet display: only the last four digits are shown, "xxx-xxx-1234". */
export function maskPhone(phoneNumber: string): string {
  const digits = phoneDigits(phoneNumber);
  // At least 6 digits are needed to tell the masked part from the shown part.
  if (digits.length < 6) return digits;
  return `xxx-xxx-${digits.slice(6)}`;
}

function splitPhone(digits: string): string[] {
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)].filter((part) => part !== "");
}
