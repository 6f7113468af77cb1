import type { World } from "./world.ts";

/** A household written straight to the database, with members born on the given days (null: unknown). */
export async function householdWithMembers(
  world: World,
  size: number,
  births: Array<string | null>,
): Promise<{ id: number; members: number[] }> {
  const db = world.services.db.kysely;
  const { id } = await db
    .insertInto("households")
    .values({ size })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (births.length === 0) return { id, members: [] };
  const members = await db
    .insertInto("household_members")
    .values(
      births.map((birth, at) => ({
        household_id: id,
        first_name: `Member ${at + 1}`,
        last_name: "Doe",
        birth_date: birth,
      })),
    )
    .returning("id")
    .execute();
  return { id, members: members.map((member) => member.id) };
}
