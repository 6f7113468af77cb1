import type { Executor } from "@vsi/db";
import { anyOf } from "../kernel/any-of.ts";
import { funderTotalsByLocation } from "./funder-summary.ts";
import type { FunderSummaryInput } from "./funder-summary-schema.ts";
import type { NetworkSummary } from "./network-summary-schema.ts";

/**
 * The funder summary's totals for the network and for each location side by side: the caller's
 * live locations (or the one chosen), and an archived one only where its visits are counted.
 */
export async function networkSummary(
  db: Executor,
  input: FunderSummaryInput,
): Promise<NetworkSummary> {
  const { whole, perLocation } = await funderTotalsByLocation(db, input);
  let shown = db
    .selectFrom("locations")
    .select(["id", "name"])
    .where((eb) =>
      eb.or([
        eb("archived_at", "is", null),
        eb("id", "=", anyOf(perLocation.size ? [...perLocation.keys()] : [0])),
      ]),
    )
    .orderBy("name")
    .orderBy("id");
  if (input.locationId !== undefined) shown = shown.where("id", "=", input.locationId);
  if (input.locationIds !== undefined) shown = shown.where("id", "=", anyOf(input.locationIds));
  const none = { visits: 0, people: 0, newPeople: 0, returningPeople: 0 };
  return {
    network: whole,
    locations: (await shown.execute()).map((location) => ({
      locationId: location.id,
      locationName: location.name,
      ...(perLocation.get(location.id) ?? none),
    })),
  };
}
