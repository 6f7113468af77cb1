import { sql, type Kysely } from "kysely";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { Database, Executor } from "@vsi/db";
import { forbidden, gone, HttpError } from "../kernel/errors.ts";
import { doorMessages, say } from "../kernel/messages.ts";

// A location's door codes, as a sign-in from its poster and the location's own set-up read them;
// the door's pages and posters build on them (door/).

/** 96 random bits, base64url: a poster's code is public, but no one can guess another's. */
export function newDoorCode(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

/**
 * The one check of a door, as a statement's `door` (visits/queries.ts withWriter): the location
 * of a current code, live and letting visitors sign themselves in; no row for any other code (or none).
 */
export function openDoor(db: Kysely<Database>, code: string | null) {
  return db
    .selectFrom("door_codes")
    .innerJoin("locations", "locations.id", "door_codes.location_id")
    .select("door_codes.location_id")
    .where("door_codes.code", "=", sql<string>`${code}::text`)
    .where("door_codes.replaced_at", "is", null)
    .where("locations.self_sign_in", "=", true)
    .where("locations.archived_at", "is", null);
}

/** A door code's location, or why it signs no one in: 404 unknown, 410 replaced, 403 switched off or archived. */
export async function doorLocation(db: Executor, code: string): Promise<number> {
  const door = await db
    .selectFrom("door_codes")
    .innerJoin("locations", "locations.id", "door_codes.location_id")
    .select([
      "door_codes.location_id",
      "door_codes.replaced_at",
      "locations.self_sign_in",
      "locations.archived_at",
    ])
    .where("door_codes.code", "=", code)
    .executeTakeFirst();
  if (!door) throw new HttpError(404, say(doorMessages.unknown));
  if (door.replaced_at !== null) throw gone(say(doorMessages.replaced));
  if (!door.self_sign_in || door.archived_at !== null)
    throw forbidden(say(doorMessages.switchedOff));
  return door.location_id;
}

/** A location's first code, when its door opens without one (in the caller's transaction). */
export async function ensureDoorCode(db: Executor, locationId: number, now: Date): Promise<void> {
  await db
    .insertInto("door_codes")
    .values({ code: newDoorCode(), location_id: locationId, created_at: now })
    .onConflict((oc) => oc.column("location_id").where("replaced_at", "is", null).doNothing())
    .execute();
}
