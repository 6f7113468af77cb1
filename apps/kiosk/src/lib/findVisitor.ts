import type { Visit } from "./types";

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

/**
 * The sheet's "Find your name" (offered whenever anyone is signed in, across every program): a
 * first name's beginning (accents ignored) or a phone's last digits.
 */
export function findVisitors(visits: Visit[], query: string): Visit[] {
  const wanted = fold(query);
  if (!wanted) return visits;
  if (/^\d+$/.test(wanted)) return visits.filter((visit) => visit.PhoneNumber.endsWith(wanted));
  return visits.filter(
    (visit) =>
      fold(visit.FirstName).startsWith(wanted) ||
      fold(`${visit.FirstName} ${visit.LastName}`).startsWith(wanted),
  );
}
