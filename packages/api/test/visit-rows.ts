import type { World } from "./world.ts";

export interface VisitRow {
  timeIn: string;
  timeOut?: string | null;
  locationId?: number;
  programId?: number;
  first?: string;
  phone?: string;
}

let phones = 0;
/**
 * Visits written straight to the table, as past days hold them: last name "Test", each with a
 * phone of its own unless given, at `where` unless a row names its location and program.
 */
export async function insertVisits(
  world: World,
  where: { locationId: number; programId: number },
  rows: VisitRow[],
) {
  await world.services.db.kysely
    .insertInto("visits")
    .values(
      rows.map((r, i) => ({
        first_name: r.first ?? `V${i}`,
        last_name: "Test",
        phone_number: r.phone ?? String(4_155_000_000 + ++phones),
        temperature: "98.1",
        location_id: r.locationId ?? where.locationId,
        program_id: r.programId ?? where.programId,
        time_in: new Date(r.timeIn),
        time_out: r.timeOut ? new Date(r.timeOut) : null,
      })),
    )
    .execute();
}

/** How many visits the database holds (at one location if given): a refused write leaves it as it was. */
export async function visitCount(world: World, locationId?: number): Promise<number> {
  let query = world.services.db.kysely
    .selectFrom("visits")
    .select((eb) => eb.fn.countAll().as("n"));
  if (locationId !== undefined) query = query.where("location_id", "=", locationId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
