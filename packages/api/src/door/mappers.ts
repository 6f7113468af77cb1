import type { Visit } from "@vsi/db";
import type { z } from "zod";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import type { doorVisitSchema } from "./schema.ts";

/**
 * A poster's link. "/d" is the kiosk's door page (@vsi/web-common's addresses.js says the same for
 * the browsers and the server's routes).
 */
export const doorUrl = (baseUrl: string, code: string) =>
  `${baseUrl.replace(/\/+$/, "")}/d/${encodeURIComponent(code)}`;

export type DoorVisitRow = Visit & {
  location_name: string;
  location_time_zone: string;
  program_name: string;
  program_name_es: string | null;
  /** How many wait before it in its location's line; null when it is not waiting. */
  places_ahead: number | null;
  /** Whether some program offered at its location has a line of its own. */
  several_lines: boolean;
};

/**
 * A visit as its visitor's phone shows it: their names and times, never their number, answers or
 * the visit's id (ids count up across the site: a phone would learn how many came before).
 */
export function toDoorVisit(row: DoorVisitRow): z.infer<typeof doorVisitSchema> {
  return {
    id: 0,
    FirstName: row.first_name,
    LastName: row.last_name,
    TimeIn: iso(row.time_in),
    TimeOut: isoOrNull(row.time_out),
    SignedOutBy: row.signed_out_by,
    SignedInFrom: row.signed_in_from,
    PartySize: row.party_size,
    QueueNumber: row.queue_number,
    QueueLine: row.queue_line,
    SeveralLines: row.several_lines,
    PlacesAhead: row.places_ahead,
    CalledTo: row.served_at === null && row.no_show_at === null ? row.called_to : null,
    Location: { id: row.location_id, Name: row.location_name, TimeZone: row.location_time_zone },
    Program: { id: row.program_id, Name: row.program_name, NameEs: row.program_name_es },
  };
}
