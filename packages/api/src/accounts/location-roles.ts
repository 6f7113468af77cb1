import { sql } from "kysely";
import type { LocationRole } from "@vsi/db";

/** A user's role at one location, as location_access holds it. */
export interface LocationRoleRow {
  locationId: number;
  role: LocationRole;
}

/**
 * The roles of the user in the statement's `users` row, as one column: read by the statement that
 * finds who is calling (a session, an API token), so their locations cost no round trip of their own.
 */
export const locationRolesOfUser = sql<LocationRoleRow[]>`(
  select coalesce(json_agg(json_build_object('locationId', location_access.location_id,
    'role', location_access.role)), '[]'::json)
  from location_access where location_access.user_id = users.id
)`;
