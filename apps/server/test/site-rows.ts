import { hashToken, insertUser } from "@vsi/api";
import { migrateToLatest, type Db } from "@vsi/db";

/**
 * A migrated database with what a sign-in through a spawned server needs, written straight to its
 * rows (the server is not running yet): an admin, the location "Main" offering "Pantry", and a
 * tablet there for each token.
 */
export async function siteRows(db: Db, tabletTokens: string[]) {
  await migrateToLatest(db.kysely);
  await insertUser(db.kysely, {
    firstName: "A",
    lastName: "B",
    email: "a@example.org",
    password: "password123",
    isAdmin: true,
  });
  const location = await db.kysely
    .insertInto("locations")
    .values({ name: "Main", address: "", asks_temperature: true })
    .returning("id")
    .executeTakeFirstOrThrow();
  const program = await db.kysely
    .insertInto("programs")
    .values({ name: "Pantry" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto("location_programs")
    .values({ location_id: location.id, program_id: program.id, position: 0 })
    .execute();
  for (const token of tabletTokens)
    await db.kysely
      .insertInto("tablets")
      .values({ location_id: location.id, token_hash: hashToken(token) })
      .execute();
  return { locationId: location.id, programId: program.id };
}
