import { phoneDigits } from "./phone.ts";

// Without zod: the rule is plain string work, and the web's tests read it.

/** The first letter of a last name (a whole character, never half of one): "Lovelace" -> "L". */
export function initialOf(lastName: string): string {
  const first = lastName.trim().codePointAt(0);
  return first === undefined ? "" : String.fromCodePoint(first);
}

/** The phone's last four digits in their place, the rest x: "4155550101" -> "xxxxxx0101". */
function lastFourOf(phoneNumber: string): string {
  const digits = phoneDigits(phoneNumber);
  return "x".repeat(Math.max(0, digits.length - 4)) + digits.slice(-4);
}

/**
 * A visit as a tablet receives it: what its sheet shows ("Ada L.", xxx-xxx-0101, no answers) and no more. The
 * fields keep their names and the phone its length, so a client that formats the whole visit
 * (the last name's first letter, the phone from its seventh digit) shows the same.
 */
export function sheetVisit<V extends { LastName: string; PhoneNumber: string }>(visit: V): V {
  return {
    ...visit,
    LastName: initialOf(visit.LastName),
    PhoneNumber: lastFourOf(visit.PhoneNumber),
    // The answers are the visitor's own business: the sheet shows none of them.
    ...("Answers" in visit ? { Answers: {} } : {}),
  };
}

/** How many people these visits brought: each sign-in its party, the one count of who is here. */
export function headcount(visits: ReadonlyArray<{ PartySize: number }>): number {
  return visits.reduce((people, visit) => people + visit.PartySize, 0);
}
