import { positiveInt } from "@vsi/web-common/search-params";
import type { Household } from "./types";

export interface HouseholdSearch {
  q?: string;
  page?: number;
}

/** The households list's query string: what was searched, and the page. */
export function householdSearch(search: Record<string, unknown>): HouseholdSearch {
  // A phone typed into the address reads as a number.
  const typed = typeof search.q === "number" ? String(search.q) : search.q;
  const q = typeof typed === "string" && typed.trim() ? typed.trim() : undefined;
  const page = positiveInt(search.page);
  return { ...(q ? { q } : {}), ...(page ? { page } : {}) };
}

/** A household's members by name, as staff tell households apart: "Rosa Delgado, Tomas Delgado". */
export function memberNames(household: Pick<Household, "Members">, erased: string): string {
  return household.Members.map(
    (member) => `${member.FirstName} ${member.LastName}`.trim() || erased,
  ).join(", ");
}

/** A 10-digit number as people read it: (415) 555-0101. */
export const phoneShown = (digits: string) =>
  /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;

/** The household's phone numbers, each once. */
export const householdPhones = (household: Pick<Household, "Members">) =>
  household.Members.flatMap((member) =>
    member.PhoneNumber ? [phoneShown(member.PhoneNumber)] : [],
  );
