import type { Executor } from "@vsi/db";
import { toNamedVisit } from "../visits/mappers.ts";
import { anyOf } from "../kernel/any-of.ts";

/** More than any building holds at once; the list is a roll call, never a history. */
export const onSiteLimit = 5000;

/**
 * Everyone signed in now (of one location, or all), with their location's and program's names,
 * grouped by location and program and oldest first within each: the order of a roll call.
 * Reads the partial index of open visits, so it costs what is open, not the history.
 */
export async function onSiteVisits(db: Executor, place: OnSitePlace) {
  const rows = await onSiteSelect(db, place)
    .selectAll("visits")
    .select([
      "locations.name as location_name",
      "programs.name as program_name",
      "programs.name_es as program_name_es",
    ])
    .execute();
  return rows.map(toNamedVisit);
}

/** One location, or the caller's (`locationIds`, withinCallerLocations), or every one. */
export interface OnSitePlace {
  locationId?: number | undefined;
  locationIds?: readonly number[] | undefined;
}

/** The open visits in roll-call order, with their location and program joined: for the list and its CSV. */
export function onSiteSelect(db: Executor, place: OnSitePlace) {
  let query = db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("programs", "programs.id", "visits.program_id")
    .where("visits.time_out", "is", null);
  if (place.locationId !== undefined)
    query = query.where("visits.location_id", "=", place.locationId);
  if (place.locationIds !== undefined)
    query = query.where("visits.location_id", "=", anyOf(place.locationIds));
  return query
    .orderBy("locations.name")
    .orderBy("visits.location_id")
    .orderBy("programs.name")
    .orderBy("visits.program_id")
    .orderBy("visits.time_in")
    .orderBy("visits.id")
    .limit(onSiteLimit);
}
