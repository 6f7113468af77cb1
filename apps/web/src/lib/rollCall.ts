import type { RollCallPerson } from "@vsi/api/schemas";

/** A mark made on this device and not yet confirmed by the server. */
export interface PendingMark {
  /** This device's own name for the mark, so a mark is sent and dropped once. */
  key: string;
  rollCallId: number;
  personId: number;
  safe: boolean;
  /** When it was tapped: the server keeps this time, however late the mark arrives. */
  markedAt: string;
}

/** The people as this device shows them: the server's marks with this device's waiting ones on top. */
export function withPending(people: RollCallPerson[], pending: PendingMark[]): RollCallPerson[] {
  const latest = new Map<number, PendingMark>();
  for (const mark of pending) latest.set(mark.personId, mark);
  return people.map((person) => {
    const mark = latest.get(person.id);
    return mark ? { ...person, safe: mark.safe, markedAt: mark.markedAt } : person;
  });
}

/** Accounted for and in all. */
export function counts(people: RollCallPerson[]) {
  return { accounted: people.filter((p) => p.safe).length, total: people.length };
}

const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * The screen's two lists: the unaccounted first, then the accounted, each by program and name as
 * the server orders them; a search keeps the names holding every word typed (accents ignored).
 */
export function rollCallLists(people: RollCallPerson[], search: string) {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const shown = people.filter((p) => words.every((word) => folded(p.name).includes(word)));
  return {
    unaccounted: shown.filter((p) => !p.safe),
    accounted: shown.filter((p) => p.safe),
  };
}

/** The record as the server's CSV (times in the browser's zone), a plain GET the browser downloads. */
export function rollCallCsvUrl(id: number, timeZone: string): string {
  return `/api/roll-calls/${id}?${new URLSearchParams({ format: "csv", timeZone }).toString()}`;
}
