import { programName } from "@vsi/i18n/languages";
import type { Visit } from "./types";

/** A visit of the on-site list: with its location's and program's names. */
export type OnSiteVisit = Visit & {
  Location?: { id: number; Name: string };
  Program?: { id: number; Name: string; NameEs: string | null };
};

export interface OnSiteGroup {
  locationId: number;
  locationName: string;
  programs: Array<{ programId: number; programName: string; visits: OnSiteVisit[] }>;
}

/**
 * The server's roll-call order (location, program, time in) folded into one group per location
 * and program, each program named in the reader's language.
 */
export function groupOnSite(visits: OnSiteVisit[], language: string): OnSiteGroup[] {
  const groups: OnSiteGroup[] = [];
  for (const visit of visits) {
    let location = groups.at(-1);
    if (location?.locationId !== visit.LocationId) {
      location = {
        locationId: visit.LocationId,
        locationName: visit.Location?.Name ?? "",
        programs: [],
      };
      groups.push(location);
    }
    let program = location.programs.at(-1);
    if (program?.programId !== visit.ProgramId) {
      program = {
        programId: visit.ProgramId,
        programName: visit.Program ? programName(visit.Program, language) : "",
        visits: [],
      };
      location.programs.push(program);
    }
    program.visits.push(visit);
  }
  return groups;
}

/** "12 min", "1 h 05 min" or "3 d 4 h": how long someone has been here. */
export function stayLength(timeIn: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(timeIn)) / 60_000));
  const hours = Math.floor(minutes / 60);
  if (hours >= 24) return `${Math.floor(hours / 24)} d ${hours % 24} h`;
  const rest = minutes % 60;
  return hours > 0 ? `${hours} h ${String(rest).padStart(2, "0")} min` : `${rest} min`;
}

/** The on-site list as the server's CSV (times in the browser's zone), a plain GET the browser downloads. */
export function onSiteCsvUrl(locationId: number | undefined, timeZone: string): string {
  const query = new URLSearchParams({ format: "csv", timeZone });
  if (locationId !== undefined) query.set("locationId", String(locationId));
  return `/api/visits/open?${query.toString()}`;
}
