import type { Selectable } from "kysely";
import type { RollCallMarksTable, RollCallsTable, RollCallStatesView } from "@vsi/db";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import type { RollCallMark, RollCallPerson, RollCallSummary } from "./schema.ts";

export type RollCallRow = Selectable<RollCallsTable> & {
  location_name: string;
  started_by_name: string | null;
  ended_by_name: string | null;
  accounted: number | null;
  missing: number | null;
};

export type RollCallPersonRow = Selectable<RollCallStatesView> & { marked_by_name: string | null };
export type RollCallMarkRow = Selectable<RollCallMarksTable> & { marked_by_name: string | null };

const staff = (id: number | null, name: string | null) =>
  id === null ? null : { id, name: name ?? "" };

export function toRollCallSummary(row: RollCallRow): RollCallSummary {
  return {
    id: row.id,
    locationId: row.location_id,
    locationName: row.location_name,
    drill: row.drill,
    startedAt: iso(row.started_at),
    startedBy: staff(row.started_by, row.started_by_name),
    endedAt: isoOrNull(row.ended_at),
    endedBy: staff(row.ended_by, row.ended_by_name),
    accounted: row.accounted ?? 0,
    missing: row.missing ?? 0,
  };
}

export function toRollCallMark(row: RollCallMarkRow): RollCallMark {
  return {
    safe: row.safe,
    markedAt: iso(row.marked_at),
    receivedAt: iso(row.received_at),
    markedBy: staff(row.marked_by, row.marked_by_name),
    device: row.device,
  };
}

/** A person with their marks, oldest first. */
export function toRollCallPerson(row: RollCallPersonRow, marks: RollCallMarkRow[]): RollCallPerson {
  return {
    id: row.id,
    visitId: row.visit_id,
    name: row.name,
    program: row.program,
    safe: row.safe,
    markedAt: isoOrNull(row.marked_at),
    markedBy: staff(row.marked_by, row.marked_by_name),
    marks: marks.map(toRollCallMark),
  };
}

/** The people in their order, each with their own marks (the marks in time order). */
export function toRollCallPeople(
  people: RollCallPersonRow[],
  marks: RollCallMarkRow[],
): RollCallPerson[] {
  const byPerson = new Map<number, RollCallMarkRow[]>();
  for (const mark of marks) {
    const own = byPerson.get(mark.person_id);
    if (own) own.push(mark);
    else byPerson.set(mark.person_id, [mark]);
  }
  return people.map((row) => toRollCallPerson(row, byPerson.get(row.id) ?? []));
}
