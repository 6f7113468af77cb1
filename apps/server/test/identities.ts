import { generateToken, hashToken } from "@vsi/api";
import type { Client, TestServer } from "./harness.ts";

/** Every kind of caller: nobody, two tablets of different locations, staff, an admin, a staff member's API token. */
export const identities = ["anonymous", "tablet1", "tablet2", "staff", "admin", "bearer"] as const;
/**
 * Callers holding some locations only: staff of location1, the site admin of location1 and the
 * site admin of location2 (the users of `siteUsers`).
 */
export const siteIdentities = ["staffOf1", "adminOf1", "adminOf2"] as const;
export type SiteIdentityName = (typeof siteIdentities)[number];
export type IdentityName = (typeof identities)[number] | SiteIdentityName;

export interface IdentityWorld {
  server: TestServer;
  staffUser: { id: number };
  /** tablet1's location; tablet2 belongs to location2. */
  location1: number;
  location2: number;
  /** An API token of staffUser. */
  staffBearer: string;
  /** The users of siteIdentities, when a test calls as them. */
  siteUsers?: Record<SiteIdentityName, { id: number }>;
}

/** The users of siteIdentities: each holds the roles its name says, and no other location. */
export async function createSiteUsers(
  server: TestServer,
  location1: number,
  location2: number,
): Promise<Record<SiteIdentityName, { id: number }>> {
  return {
    staffOf1: await server.createUser({ access: [{ locationId: location1, role: "staff" }] }),
    adminOf1: await server.createUser({ access: [{ locationId: location1, role: "admin" }] }),
    adminOf2: await server.createUser({ access: [{ locationId: location2, role: "admin" }] }),
  };
}

/** A new caller with one identity; sessions and tablets are written straight to the database. */
export async function identityClient(world: IdentityWorld, name: IdentityName): Promise<Client> {
  const { server } = world;
  const db = server.services.db.kysely;
  const client = await server.client().prime();
  const token = generateToken();
  const siteUser = (siteIdentities as readonly string[]).includes(name)
    ? world.siteUsers?.[name as SiteIdentityName]
    : undefined;
  if (name === "staff" || name === "admin" || siteUser) {
    const userId = siteUser
      ? siteUser.id
      : name === "staff"
        ? world.staffUser.id
        : (
            await db
              .selectFrom("users")
              .select("id")
              .where("is_admin", "=", true)
              .executeTakeFirstOrThrow()
          ).id;
    await db
      .insertInto("sessions")
      .values({
        id: hashToken(token),
        user_id: userId,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    client.jar.set("session", token);
  } else if (name === "tablet1" || name === "tablet2") {
    await db
      .insertInto("tablets")
      .values({
        location_id: name === "tablet1" ? world.location1 : world.location2,
        token_hash: hashToken(token),
      })
      .execute();
    client.jar.set("sheet-token", token);
  } else if (name === "bearer") {
    client.bearer = world.staffBearer;
  }
  return client;
}
