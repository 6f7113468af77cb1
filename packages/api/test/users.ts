// A user for a test, written as insertUser writes one: shared by the API's test world and the
// server's HTTP harness.
import { hash } from "@node-rs/argon2";
import type { Database, Kysely } from "@vsi/db";

export interface TestUserFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  isAdmin: boolean;
  /**
   * Roles at named locations; given, the user holds those alone (not every location, which a user
   * written without it holds, as migration 0046's default says).
   */
  access: Array<{ locationId: number; role: "staff" | "admin" }>;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/**
 * Each password's hash, made once per process, at argon2id's lowest cost: a login checks a hash at
 * the cost written in it, and these users log in (and fail to) by the thousand. What the tests
 * assert is the answers; every password the API itself sets is hashed at the product's cost.
 */
const passwordHashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let made = passwordHashes.get(password);
  if (!made)
    passwordHashes.set(password, (made = hash(password, { memoryCost: 1024, timeCost: 1 })));
  return made;
};
let userCounter = 0;

/** A user with the fields given, the others made up (an e-mail unique in this run). */
export async function createTestUser(
  db: Kysely<Database>,
  fields: Partial<TestUserFields> = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = fields.email ?? `user${userCounter}-${process.pid}@example.org`;
  const password = fields.password ?? "password123";
  const { id } = await db
    .insertInto("users")
    .values({
      first_name: fields.firstName ?? "Test",
      last_name: fields.lastName ?? `User${userCounter}`,
      email,
      password_hash: await hashOnce(password),
      is_admin: fields.isAdmin ?? false,
      staff_of_every_location: fields.access === undefined,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (fields.access?.length)
    await db
      .insertInto("location_access")
      .values(
        fields.access.map(({ locationId, role }) => ({
          user_id: id,
          location_id: locationId,
          role,
        })),
      )
      .execute();
  return { id, email, password };
}
