import { sql, type ExpressionBuilder } from "kysely";
import type { Database, Executor, User } from "@vsi/db";
import { invalid } from "../kernel/errors.ts";
import type { LocationAccess } from "../kernel/identity.ts";
import { administeredLocationIds, locationAccess, roleAt } from "../kernel/permissions.ts";
import { recordAudit, type AuditActor } from "../kernel/audit.ts";
import { catalogMessages, say } from "../kernel/messages.ts";
import type { LocationRoleRow } from "./location-roles.ts";
import { anyOf } from "../kernel/any-of.ts";

type AccessFlags = Pick<User, "id" | "is_admin" | "staff_of_every_location">;

/** The live locations, by name: what "every location" holds today. */
async function liveLocationIds(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom("locations")
    .select("id")
    .where("archived_at", "is", null)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

async function roleRowsOf(db: Executor, userIds: number[]) {
  if (!userIds.length) return [];
  return db
    .selectFrom("location_access")
    .select(["user_id", "location_id", "role"])
    .where("user_id", "in", userIds)
    .execute();
}

/** Each user's access as the rule (kernel/permissions.ts's locationAccess) resolves it. */
async function accessOfEach(db: Executor, users: AccessFlags[]) {
  const rows = await roleRowsOf(
    db,
    users.map((user) => user.id),
  );
  return new Map(
    users.map((user) => [
      user.id,
      locationAccess(
        user,
        rows
          .filter((row) => row.user_id === user.id)
          .map((row) => ({ locationId: row.location_id, role: row.role })),
      ),
    ]),
  );
}

/** What `access` lists: each live location the user holds with their role there. */
function listed(access: LocationAccess, live: number[]): LocationRoleRow[] {
  return live.flatMap((locationId) => {
    const role = roleAt(access, locationId);
    return role ? [{ locationId, role }] : [];
  });
}

/**
 * Each user's live locations and roles, as the API shows them (`access`); with `shownTo`, the
 * viewer's locations alone (a site admin learns nothing of the others).
 */
export async function accessOfUsers(
  db: Executor,
  users: AccessFlags[],
  shownTo: readonly number[] | undefined,
): Promise<Map<number, LocationRoleRow[]>> {
  const [live, accessById] = await Promise.all([liveLocationIds(db), accessOfEach(db, users)]);
  const shown = shownTo ? live.filter((id) => shownTo.includes(id)) : live;
  return new Map(users.map((user) => [user.id, listed(accessById.get(user.id)!, shown)] as const));
}

/**
 * A role at a location that does not exist (or was archived) is bad input: 422 at its entry
 * (`access.1.locationId`). For a network admin; a site admin's are refused first as not theirs.
 */
export async function assertAccessLocationsExist(db: Executor, access: LocationRoleRow[]) {
  const live = new Set(await liveLocationIds(db));
  const index = access.findIndex((entry) => !live.has(entry.locationId));
  if (index !== -1)
    throw invalid(`access.${index}.locationId`, say(catalogMessages.noSuchLocation));
}

/**
 * Replaces a user's roles at the locations `scope` names (every location for a network admin,
 * the ones a site admin administers), keeping their others: the rows are rewritten, and
 * staff_of_every_location stays set only while the user still holds every live location (then
 * later ones too); narrowing them clears it. Logged when it changes anything. In the caller's
 * transaction; the user's row is locked by it.
 */
export async function replaceUserAccess(
  db: Executor,
  user: AccessFlags & { email: string },
  given: LocationRoleRow[],
  callerAccess: LocationAccess,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const live = await liveLocationIds(db);
  const current = (await accessOfEach(db, [user])).get(user.id)!;
  const scope = administeredLocationIds(callerAccess);
  const roles = new Map<number, LocationRoleRow["role"]>();
  // The roles outside the caller's locations stay as they are.
  if (scope)
    for (const locationId of live)
      if (!scope.includes(locationId)) {
        const role = roleAt(current, locationId);
        if (role) roles.set(locationId, role);
      }
  for (const { locationId, role } of given) roles.set(locationId, role);
  const everyLocation = holdsEvery(roles, live);
  const before = listed(current, live);
  const after = listed({ every: everyLocation ? "staff" : null, roles }, live);
  if (
    before.length === after.length &&
    before.every(
      (entry, i) => entry.role === after[i]!.role && entry.locationId === after[i]!.locationId,
    )
  )
    return;
  await writeAccess(db, user.id, roles, everyLocation, now);
  await recordAudit(
    db,
    actor,
    {
      action: "user.change_access",
      subjectType: "user",
      subjectId: user.id,
      details: { email: user.email, access: after },
    },
    now,
  );
}

/** Whether roles name every live location: the flag then holds later ones too. */
const holdsEvery = (roles: ReadonlyMap<number, unknown>, live: number[]) =>
  live.length > 0 && live.every((id) => roles.has(id));

/** Writes a user's roles and flag: under the flag a staff role is implied, only admin roles need a row. */
async function writeAccess(
  db: Executor,
  userId: number,
  roles: ReadonlyMap<number, LocationRoleRow["role"]>,
  everyLocation: boolean,
  now: Date,
) {
  await db.deleteFrom("location_access").where("user_id", "=", userId).execute();
  const rows = [...roles]
    .filter(([, role]) => !everyLocation || role === "admin")
    .map(([locationId, role]) => ({ user_id: userId, location_id: locationId, role }));
  if (rows.length) await db.insertInto("location_access").values(rows).execute();
  await db
    .updateTable("users")
    .set({ staff_of_every_location: everyLocation, updated_at: now })
    .where("id", "=", userId)
    .execute();
}

/**
 * A new user's access from their invite: null, staff of every location (as invites were before
 * access per location); else the roles it names at locations still live.
 */
export async function grantInvitedAccess(
  db: Executor,
  userId: number,
  access: LocationRoleRow[] | null,
  now: Date,
): Promise<void> {
  if (access === null) return;
  const live = await liveLocationIds(db);
  const roles = new Map(
    access
      .filter((entry) => live.includes(entry.locationId))
      .map(({ locationId, role }) => [locationId, role] as const),
  );
  await writeAccess(db, userId, roles, holdsEvery(roles, live), now);
}

/**
 * The users a site admin manages: those who hold one of the locations they administer (staff of
 * every location included), network admins never; every user for a network admin.
 */
export function managedUsers(callerAccess: LocationAccess) {
  const administered = administeredLocationIds(callerAccess);
  return (eb: ExpressionBuilder<Database, "users">) => {
    if (!administered) return sql<boolean>`true`;
    return eb.and([
      eb("users.is_admin", "=", false),
      eb.or([
        eb("users.staff_of_every_location", "=", true),
        eb.exists(
          eb
            .selectFrom("location_access")
            .select("location_access.user_id")
            .whereRef("location_access.user_id", "=", "users.id")
            .where("location_access.location_id", "=", anyOf(administered)),
        ),
      ]),
    ]);
  };
}

/** Whether the caller manages this user (managedUsers). */
export async function managesUser(
  db: Executor,
  callerAccess: LocationAccess,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("id", "=", userId)
    .where(managedUsers(callerAccess))
    .executeTakeFirst();
  return row !== undefined;
}
