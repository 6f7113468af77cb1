import type { Visit } from "@vsi/db";
import type { z } from "zod";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import type { visitSchema } from "./schema.ts";

/** Row -> API shape. Field names here are the OpenAPI document's and are case-sensitive. */

export function toVisit(row: Visit): z.infer<typeof visitSchema> {
  return {
    id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    PhoneNumber: row.phone_number,
    Temperature: row.temperature,
    TimeIn: iso(row.time_in),
    TimeOut: isoOrNull(row.time_out),
    SignedOutBy: row.signed_out_by,
    SignedInFrom: row.signed_in_from,
    LocationId: row.location_id,
    ProgramId: row.program_id,
    HouseholdId: row.household_id,
    PartySize: row.party_size,
    Eligibility: row.eligibility ?? "ok",
    HouseholdMemberIds: row.household_member_ids,
    Signed: row.signed,
    Answers: Object.fromEntries(
      Object.entries(row.answers).map(([questionId, answer]) => [questionId, answer.value]),
    ),
    QueueNumber: row.queue_number,
    QueueLine: row.queue_line,
    CalledAt: isoOrNull(row.called_at),
    CalledTo: row.called_to,
    ServedAt: isoOrNull(row.served_at),
    NoShowAt: isoOrNull(row.no_show_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * A visit with its location's and program's names (the program's in both languages), as the
 * report, the on-site list and a visitor's export list it.
 */
export function toNamedVisit({
  location_name,
  program_name,
  program_name_es,
  ...visit
}: Visit & { location_name: string; program_name: string; program_name_es: string | null }) {
  return {
    ...toVisit(visit),
    Location: { id: visit.location_id, Name: location_name },
    Program: { id: visit.program_id, Name: program_name, NameEs: program_name_es },
  };
}
