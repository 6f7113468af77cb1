import {
  csvLine,
  formulaSafeCell,
  utf8Bom,
  type RollCall,
  type RollCallPerson,
} from "@vsi/api/schemas";

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

export interface RollCallCsvWords {
  headers: [string, string, string, string, string];
  safe: string;
  notSafe: string;
  time: (iso: string) => string;
}

/** The record as a spreadsheet reads it: a line per person, with their mark and who made it (none: an empty cell). */
export function rollCallCsv(rollCall: RollCall, words: RollCallCsvWords): string {
  let csv = utf8Bom + csvLine(words.headers);
  for (const person of rollCall.people)
    csv += csvLine(
      [
        person.name,
        person.program,
        person.safe ? words.safe : words.notSafe,
        person.safe && person.markedAt ? words.time(person.markedAt) : null,
        person.safe ? (person.markedBy?.name ?? null) : null,
      ].map((cell) => (cell === null ? null : formulaSafeCell(cell))),
    );
  return csv;
}
