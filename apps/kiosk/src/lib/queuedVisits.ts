import { waitingEntries, type QueueEntry, type SignInFields } from "./offlineQueue";
import type { Visit } from "./types";

/** A row of the sheet: a visit from the server, or a sign-in still queued on the tablet (`signInKey`). */
export type SheetVisit = Visit & { signInKey?: string };

/**
 * The sheet as the visitors expect it: the server's open visits without those signed out on this
 * tablet but not yet sent, followed by the sign-ins still waiting here (not already signed out).
 */
export function withQueued(
  visits: Visit[],
  entries: QueueEntry[],
  locationId: number,
  programId: number,
): SheetVisit[] {
  const waiting = waitingEntries(entries);
  const outIds = new Set<number>();
  const outKeys = new Set<string>();
  for (const entry of waiting) {
    if (entry.kind !== "out") continue;
    if (entry.visitId !== undefined) outIds.add(entry.visitId);
    if (entry.signInKey !== undefined) outKeys.add(entry.signInKey);
  }
  const queued: SheetVisit[] = [];
  for (const entry of waiting) {
    if (entry.kind !== "in" || outKeys.has(entry.key)) continue;
    if (entry.fields.LocationId !== locationId || entry.fields.ProgramId !== programId) continue;
    queued.push(queuedVisit(entry.fields, entry.key, entry.seq, entry.queuedAt));
  }
  return [...visits.filter((visit) => !outIds.has(visit.id)), ...queued];
}

/** A queued sign-in shown as a row; its id is negative so it never meets a real one. */
export function queuedVisit(
  fields: SignInFields,
  signInKey: string,
  seq: number,
  queuedAt: string,
): SheetVisit {
  return {
    id: -seq,
    FirstName: fields.FirstName,
    LastName: fields.LastName,
    PhoneNumber: fields.PhoneNumber,
    Temperature: fields.Temperature ?? null,
    LocationId: fields.LocationId,
    ProgramId: fields.ProgramId,
    // The household is the server's to find; the party is what the visitor said.
    HouseholdId: null,
    PartySize: fields.PartySize ?? Math.max(1, fields.HouseholdMemberIds?.length ?? 0),
    HouseholdMemberIds: fields.HouseholdMemberIds ?? null,
    QueueNumber: null,
    QueueLine: null,
    CalledAt: null,
    CalledTo: null,
    ServedAt: null,
    NoShowAt: null,
    Signed: fields.Signature ? "yes" : fields.SignatureDeclined ? "declined" : null,
    // The limit is the server's to apply when the sign-in arrives.
    Eligibility: "ok",
    Answers: fields.Answers ?? {},
    TimeIn: queuedAt,
    TimeOut: null,
    SignedOutBy: null,
    SignedInFrom: "tablet",
    createdAt: queuedAt,
    updatedAt: queuedAt,
    signInKey,
  };
}
