import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, sql } from "@vsi/db";
import {
  accessTable,
  appRouter,
  generateToken,
  hashToken,
  type Access,
  type IdentityKind,
} from "@vsi/api";
import { contract } from "./contract.ts";
import { adminClient, createCatalog, visitor } from "./fixtures.ts";
import { startTestServer, type Client, type TestServer } from "./harness.ts";
import { within } from "./raw-sockets.ts";
import {
  createSiteUsers,
  identities,
  identityClient,
  siteIdentities,
  type IdentityName,
  type SiteIdentityName,
} from "./identities.ts";

/**
 * Who may call what, for every /api operation and every procedure at /trpc, from one table. Tests
 * below compare the table with the OpenAPI document and with the router: a new call cannot ship
 * without its row.
 */

type Expected = Record<IdentityName, number>;

/** The server's own access table says who gets through; `status` is what getting through answers. */
const level = (access: Access, status: number): Expected => {
  const of = (kind: IdentityKind) => {
    const verdict = accessTable[access][kind];
    return verdict === "ok" ? status : verdict;
  };
  // The bearer token is a staff member's (of every location, as staff and admin are).
  return {
    anonymous: of("anonymous"),
    tablet1: of("tablet"),
    tablet2: of("tablet"),
    staff: of("staff"),
    admin: of("admin"),
    bearer: of("staff"),
    staffOf1: of("staff"),
    adminOf1: of("siteAdmin"),
    adminOf2: of("siteAdmin"),
  };
};
const everyone = (status: number) => level("public", status);
const staffOnly = (status: number) => level("staff", status);
const siteAdminOnly = (status: number) => level("siteAdmin", status);
const adminOnly = (status: number) => level("admin", status);
// The second tablet belongs to another location than the one these calls name.
const sheet = (status: number): Expected => ({ ...level("sheet", status), tablet2: 403 });

/** What one who does not hold the location hears where the access level lets them through: 404, as if it did not exist. */
const unheld = (status: number) => (status < 400 ? 404 : status);
/** A call about location1 (or a record of it): adminOf2, who holds location2 alone, hears 404. */
const atLocation1 = (expected: Expected): Expected => ({
  ...expected,
  adminOf2: unheld(expected.adminOf2),
});
/** A call about a location just made by the network admin: no one holding some locations holds it. */
const atNewLocation = (expected: Expected): Expected => ({
  ...expected,
  ...Object.fromEntries(siteIdentities.map((name) => [name, unheld(expected[name])])),
});

interface World {
  server: TestServer;
  siteUsers: Record<SiteIdentityName, { id: number }>;
  admin: Client;
  staffUser: { id: number; email: string };
  otherUserId: number;
  location1: number;
  location2: number;
  program1: number;
  visit1: number;
}

type RowRequest = { url: string; body?: unknown };

interface Row {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** The OpenAPI path template, as in the document. */
  path: string;
  expected: Expected;
  /** Builds the request for one identity; fresh resources for calls that consume them. */
  request(world: World): RowRequest | Promise<RowRequest>;
  /** An event stream: its status is read from the headers, as its body never ends. */
  stream?: true;
}

let counter = 0;
const unique = () => `${Date.now()}-${++counter}`;

async function freshUser(world: World) {
  return world.server.createUser({ email: `matrix-${unique()}@example.org` });
}
async function freshInvite(world: World) {
  const res = await world.admin.post("/api/invites", {
    firstName: "In",
    lastName: "Vite",
    email: `invitee-${unique()}@example.org`,
    message: "",
  });
  if (res.status !== 201) throw new Error(`invite: ${res.status} ${res.body}`);
  return res.json.id as string;
}
async function freshResetToken(world: World) {
  const user = await freshUser(world);
  const token = generateToken();
  await world.server.services.db.kysely
    .insertInto("password_resets")
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 3600_000),
    })
    .execute();
  return token;
}
async function freshLocation(world: World) {
  return (
    await world.admin.post("/api/locations", {
      Name: `Loc ${unique()}`,
      ProgramIds: [world.program1],
    })
  ).json.id as number;
}
async function freshProgram(world: World) {
  return (await world.admin.post("/api/programs", { Name: `Prog ${unique()}`, LocationIds: [] }))
    .json.id as number;
}
/** A webhook to a public address (no DNS asked, nothing sent: no sender runs here). */
async function freshWebhook(world: World) {
  return (
    await world.admin.post("/api/webhooks", {
      url: "https://93.184.215.14/hooks",
      events: ["visit.signed_in"],
    })
  ).json.id as number;
}
async function freshQuestion(world: World, LocationId: number | null = null) {
  return (
    await world.admin.post("/api/questions", { Kind: "text", Label: { en: "Q" }, LocationId })
  ).json.id as number;
}
/** A webhook of location1's own. */
async function freshOwnWebhook(world: World) {
  return (
    await world.admin.post("/api/webhooks", {
      url: "https://93.184.215.14/hooks",
      events: ["visit.signed_in"],
      locationId: world.location1,
    })
  ).json.id as number;
}
let visits = 0;
/** Every fresh visit's phone (the one /visits/search looks up), the next ones each their own. */
const searchedPhone = "4155600000";
/** A visit of location1: open, or ended `endedDaysAgo` days ago. */
async function freshVisit(world: World, endedDaysAgo?: number) {
  const ended =
    endedDaysAgo === undefined ? null : new Date(Date.now() - endedDaysAgo * 86_400_000);
  const row = await world.server.services.db.kysely
    .insertInto("visits")
    .values({
      first_name: "M",
      last_name: "X",
      phone_number: String(Number(searchedPhone) + visits++),
      temperature: "98",
      location_id: world.location1,
      program_id: world.program1,
      ...(ended ? { time_in: new Date(ended.getTime() - 3600_000), time_out: ended } : {}),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
/** A visit of location1 with a signature (a 1×1 PNG). */
async function freshSignedVisit(world: World) {
  const id = await freshVisit(world);
  const db = world.server.services.db.kysely;
  await db.updateTable("visits").set({ signed: "yes" }).where("id", "=", id).execute();
  await db
    .insertInto("visit_signatures")
    .values({
      visit_id: id,
      content_type: "image/png",
      image: Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        "base64",
      ),
    })
    .execute();
  return id;
}
/** A visit of location1 waiting for staff past its program's limit: each decision needs its own. */
async function freshWaitingVisit(world: World) {
  const id = await freshVisit(world);
  await world.server.services.db.kysely
    .updateTable("visits")
    .set({ eligibility: "waiting" })
    .where("id", "=", id)
    .execute();
  return id;
}
/** A visit of location1 in its line, numbered: waiting, or called to a desk. */
async function freshQueuedVisit(world: World, called = false) {
  const id = await freshVisit(world);
  await world.server.services.db.kysely
    .updateTable("visits")
    .set({
      queue_number: id,
      ...(called ? { called_at: new Date(), called_to: "1" } : {}),
    })
    .where("id", "=", id)
    .execute();
  return id;
}
/** A now-serving screen's code for location1. */
async function freshScreen(world: World) {
  const code = `screen${unique().replace(/\D/g, "")}`;
  await world.server.services.db.kysely
    .insertInto("queue_screens")
    .values({ code, location_id: world.location1, created_at: new Date() })
    .execute();
  return code;
}
async function freshTablet(world: World) {
  const row = await world.server.services.db.kysely
    .insertInto("tablets")
    .values({ location_id: world.location1, token_hash: hashToken(generateToken()) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
async function freshStaffToken(world: World) {
  const row = await world.server.services.db.kysely
    .insertInto("api_tokens")
    .values({
      user_id: world.staffUser.id,
      name: `t-${unique()}`,
      token_hash: hashToken(generateToken()),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A household of its own, one member, no phone: nothing another row could collide with. */
async function freshHousehold(world: World) {
  return (await freshHouseholdMembers(world, 1)).id;
}

/** A report preset of its own, to change or delete. */
async function freshPreset(world: World) {
  const row = await world.server.services.db.kysely
    .insertInto("report_presets")
    .values({ name: `Preset ${unique()}`, age_bands: "0-17,18-" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A household of its own with members (no phones), and the id of the last one. */
async function freshHouseholdMembers(world: World, members: number) {
  const row = await world.server.services.db.kysely
    .insertInto("households")
    .values({ size: 2 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: memberId } = await world.server.services.db.kysely
    .insertInto("household_members")
    .values(
      Array.from({ length: members }, () => ({
        household_id: row.id,
        first_name: "Matrix",
        last_name: "Member",
      })),
    )
    .returning("id")
    .execute()
    .then((rows) => rows.at(-1)!);
  return { id: row.id, memberId };
}

/** An open roll call at a location of its own (one is open per location), with one person on it. */
async function freshRollCall(world: World) {
  const db = world.server.services.db.kysely;
  const locationId = await freshLocation(world);
  const { id } = await db
    .insertInto("roll_calls")
    .values({ location_id: locationId, started_at: new Date(), started_by: world.staffUser.id })
    .returning("id")
    .executeTakeFirstOrThrow();
  const person = await db
    .insertInto("roll_call_people")
    .values({ roll_call_id: id, name: "Roll Call Person" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, personId: person.id };
}

/**
 * Location1's door, open, and its code; the door's budgets start afresh for each call, as every
 * identity here calls from one address (door.test.ts tests the limits).
 */
async function openDoor(world: World) {
  const db = world.server.services.db.kysely;
  await db.deleteFrom("rate_limits").where("key", "like", "door:%").execute();
  await db
    .updateTable("locations")
    .set({ self_sign_in: true })
    .where("id", "=", world.location1)
    .execute();
  const current = await db
    .selectFrom("door_codes")
    .select("code")
    .where("location_id", "=", world.location1)
    .where("replaced_at", "is", null)
    .executeTakeFirst();
  if (current) return current.code;
  const code = `door${unique().replace(/\D/g, "")}`;
  await db.insertInto("door_codes").values({ code, location_id: world.location1 }).execute();
  return code;
}
/** A visit of location1 signed in on a phone, and the phone's secret for it. */
async function freshDoorVisit(world: World) {
  await openDoor(world);
  const token = generateToken();
  await world.server.services.db.kysely
    .insertInto("door_visits")
    .values({ token_hash: hashToken(token), visit_id: await freshVisit(world) })
    .execute();
  return token;
}

let backupName: Promise<string> | undefined;
/** One archive for every identity to ask for; made once, backups take a moment. */
async function someBackup(world: World) {
  backupName ??= world.server.services.backups.create("manual").then((b) => b.name);
  return backupName;
}

const table: Row[] = [
  {
    method: "POST",
    path: "/auth/login",
    expected: everyone(200),
    request: async (w) => {
      const u = await freshUser(w);
      return { url: "/api/auth/login", body: { email: u.email, password: u.password } };
    },
  },
  {
    method: "GET",
    path: "/auth/logout",
    expected: everyone(204),
    request: () => ({ url: "/api/auth/logout" }),
  },
  {
    method: "POST",
    path: "/auth/register",
    expected: everyone(404),
    request: () => ({
      url: "/api/auth/register",
      body: {
        firstName: "R",
        lastName: "G",
        email: `reg-${unique()}@example.org`,
        password: "password123",
      },
    }),
  },

  {
    method: "GET",
    path: "/users/me",
    expected: {
      anonymous: 204,
      tablet1: 204,
      tablet2: 204,
      staff: 200,
      admin: 200,
      bearer: 200,
      staffOf1: 200,
      adminOf1: 200,
      adminOf2: 200,
    },
    request: () => ({ url: "/api/users/me" }),
  },
  {
    method: "GET",
    path: "/users/me/notifications",
    expected: staffOnly(200),
    request: () => ({ url: "/api/users/me/notifications" }),
  },
  {
    method: "PUT",
    path: "/users/me/notifications",
    // An alert at location1: not one of adminOf2's locations, as if it did not exist.
    expected: { ...staffOnly(200), adminOf2: 422 },
    request: (w) => ({
      url: "/api/users/me/notifications",
      body: { signIns: [{ locationId: w.location1, programId: w.program1 }], dailySummary: true },
    }),
  },
  {
    method: "GET",
    path: "/users",
    expected: siteAdminOnly(200),
    request: () => ({ url: "/api/users" }),
  },
  {
    method: "GET",
    path: "/users/{id}",
    // staffUser holds every location: each site admin manages them; staffOf1 is not them.
    expected: { ...staffOnly(200), staffOf1: 403 },
    request: (w) => ({ url: `/api/users/${w.staffUser.id}` }),
  },
  {
    method: "PATCH",
    path: "/users/{id}",
    // A site admin changes another's roles alone, not their name.
    expected: { ...staffOnly(200), staffOf1: 403, adminOf1: 403, adminOf2: 403 },
    request: (w) => ({ url: `/api/users/${w.staffUser.id}`, body: { firstName: "Staff" } }),
  },
  {
    method: "PUT",
    path: "/users/{id}",
    expected: { ...staffOnly(200), staffOf1: 403, adminOf1: 403, adminOf2: 403 },
    request: (w) => ({ url: `/api/users/${w.staffUser.id}`, body: { firstName: "Staff" } }),
  },

  {
    method: "GET",
    path: "/invites",
    expected: siteAdminOnly(200),
    request: () => ({ url: "/api/invites" }),
  },
  {
    method: "POST",
    path: "/invites",
    expected: siteAdminOnly(201),
    request: () => ({
      url: "/api/invites",
      body: { firstName: "A", lastName: "B", email: `inv-${unique()}@example.org`, message: "Hi" },
    }),
  },
  {
    method: "GET",
    path: "/invites/{id}",
    expected: everyone(200),
    request: async (w) => ({ url: `/api/invites/${await freshInvite(w)}` }),
  },
  {
    method: "POST",
    path: "/invites/{id}/accept",
    expected: everyone(201),
    request: async (w) => ({
      url: `/api/invites/${await freshInvite(w)}/accept`,
      body: {
        firstName: "New",
        lastName: "Person",
        email: `acc-${unique()}@example.org`,
        password: "password123",
      },
    }),
  },
  {
    method: "POST",
    path: "/invites/{id}/resend",
    // The network admin's invite, of every location: not one of a site admin's.
    expected: atNewLocation(siteAdminOnly(200)),
    request: async (w) => ({ url: `/api/invites/${await freshInvite(w)}/resend` }),
  },
  {
    method: "DELETE",
    path: "/invites/{id}",
    expected: atNewLocation(siteAdminOnly(200)),
    request: async (w) => ({ url: `/api/invites/${await freshInvite(w)}` }),
  },

  {
    method: "POST",
    path: "/passwords",
    expected: everyone(200),
    request: async (w) => ({ url: "/api/passwords", body: { email: (await freshUser(w)).email } }),
  },
  {
    method: "GET",
    path: "/passwords/{token}",
    expected: everyone(200),
    request: async (w) => ({ url: `/api/passwords/${await freshResetToken(w)}` }),
  },
  {
    method: "PATCH",
    path: "/passwords/{token}",
    expected: everyone(200),
    request: async (w) => ({
      url: `/api/passwords/${await freshResetToken(w)}`,
      body: { password: "newpassword1" },
    }),
  },

  {
    method: "GET",
    path: "/locations",
    expected: staffOnly(200),
    request: () => ({ url: "/api/locations" }),
  },
  {
    method: "GET",
    path: "/locations/{id}",
    expected: atLocation1(everyone(200)),
    request: (w) => ({ url: `/api/locations/${w.location1}` }),
  },
  {
    method: "POST",
    path: "/locations",
    expected: adminOnly(201),
    request: (w) => ({
      url: "/api/locations",
      body: { Name: `L ${unique()}`, Address: "", ProgramIds: [w.program1] },
    }),
  },
  {
    method: "PATCH",
    path: "/locations/{id}",
    // A site admin edits their own locations alone: the new one is none of theirs.
    expected: atNewLocation(siteAdminOnly(200)),
    request: async (w) => ({
      url: `/api/locations/${await freshLocation(w)}`,
      body: { Name: "Renamed" },
    }),
  },
  {
    method: "DELETE",
    path: "/locations/{id}",
    expected: adminOnly(200),
    request: async (w) => ({ url: `/api/locations/${await freshLocation(w)}` }),
  },
  {
    method: "GET",
    path: "/locations/{id}/tablets",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({ url: `/api/locations/${w.location1}/tablets` }),
  },
  {
    method: "DELETE",
    path: "/tablets/{id}",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => ({ url: `/api/tablets/${await freshTablet(w)}` }),
  },
  {
    method: "GET",
    path: "/locations/{id}/setup",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({ url: `/api/locations/${w.location1}/setup` }),
  },
  {
    method: "POST",
    path: "/locations/{id}/door-code",
    expected: atLocation1(staffOnly(201)),
    request: (w) => ({ url: `/api/locations/${w.location1}/door-code` }),
  },
  {
    method: "GET",
    path: "/locations/{id}/poster",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => {
      await openDoor(w);
      return { url: `/api/locations/${w.location1}/poster` };
    },
  },
  {
    method: "GET",
    path: "/door/{code}",
    // A poster's code is public: anyone with it, logged in or not.
    expected: everyone(200),
    request: async (w) => ({ url: `/api/door/${await openDoor(w)}` }),
  },
  {
    method: "GET",
    path: "/door/{code}/visitor",
    expected: everyone(200),
    request: async (w) => ({
      url: `/api/door/${await openDoor(w)}/visitor?phoneNumber=${searchedPhone}`,
    }),
  },
  {
    method: "POST",
    path: "/door/{code}/visits",
    expected: everyone(201),
    request: async (w) => {
      const { LocationId: _, ...body } = visitor(w.location1, w.program1);
      return { url: `/api/door/${await openDoor(w)}/visits`, body };
    },
  },
  {
    method: "GET",
    path: "/door/visits/{visitToken}",
    expected: everyone(200),
    request: async (w) => ({ url: `/api/door/visits/${await freshDoorVisit(w)}` }),
  },
  {
    method: "PATCH",
    path: "/door/visits/{visitToken}/sign-out",
    expected: everyone(200),
    request: async (w) => ({ url: `/api/door/visits/${await freshDoorVisit(w)}/sign-out` }),
  },
  {
    method: "POST",
    path: "/locations/{id}/roll-calls",
    expected: atNewLocation(staffOnly(201)),
    request: async (w) => ({
      url: `/api/locations/${await freshLocation(w)}/roll-calls`,
      body: { drill: false },
    }),
  },
  {
    method: "GET",
    path: "/roll-calls",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({ url: `/api/roll-calls?locationId=${w.location1}` }),
  },
  {
    method: "GET",
    path: "/roll-calls/{id}",
    expected: atNewLocation(staffOnly(200)),
    request: async (w) => ({ url: `/api/roll-calls/${(await freshRollCall(w)).id}` }),
  },
  {
    method: "PATCH",
    path: "/roll-calls/{id}/people/{personId}",
    expected: atNewLocation(staffOnly(200)),
    request: async (w) => {
      const { id, personId } = await freshRollCall(w);
      return { url: `/api/roll-calls/${id}/people/${personId}`, body: { safe: true } };
    },
  },
  {
    method: "POST",
    path: "/roll-calls/{id}/people",
    expected: atNewLocation(staffOnly(201)),
    request: async (w) => ({
      url: `/api/roll-calls/${(await freshRollCall(w)).id}/people`,
      body: { name: "Walk In" },
    }),
  },
  {
    method: "POST",
    path: "/roll-calls/{id}/end",
    expected: atNewLocation(staffOnly(200)),
    request: async (w) => ({ url: `/api/roll-calls/${(await freshRollCall(w)).id}/end` }),
  },
  {
    method: "GET",
    path: "/households",
    expected: staffOnly(200),
    request: () => ({ url: "/api/households?search=Matrix" }),
  },
  {
    method: "GET",
    path: "/households/{id}",
    expected: staffOnly(200),
    request: async (w) => ({ url: `/api/households/${await freshHousehold(w)}` }),
  },
  {
    method: "POST",
    path: "/households",
    expected: staffOnly(201),
    request: () => ({ url: "/api/households", body: { Members: [{ FirstName: "New" }] } }),
  },
  {
    method: "PATCH",
    path: "/households/{id}",
    expected: staffOnly(200),
    request: async (w) => ({
      url: `/api/households/${await freshHousehold(w)}`,
      body: { AddressLine1: "1 Matrix Way" },
    }),
  },
  {
    method: "GET",
    path: "/households/duplicates",
    expected: staffOnly(200),
    request: () => ({ url: "/api/households/duplicates?page=1" }),
  },
  {
    method: "POST",
    path: "/households/{id}/merge",
    expected: staffOnly(200),
    request: async (w) => ({
      url: `/api/households/${await freshHousehold(w)}/merge`,
      body: { otherId: await freshHousehold(w) },
    }),
  },
  {
    method: "POST",
    path: "/households/{id}/members/{memberId}/move",
    expected: staffOnly(200),
    request: async (w) => {
      const { id, memberId } = await freshHouseholdMembers(w, 2);
      return {
        url: `/api/households/${id}/members/${memberId}/move`,
        body: { toHouseholdId: await freshHousehold(w) },
      };
    },
  },
  {
    method: "GET",
    path: "/eligibility-bases",
    expected: staffOnly(200),
    request: () => ({ url: "/api/eligibility-bases" }),
  },
  {
    method: "POST",
    path: "/eligibility-bases",
    expected: adminOnly(201),
    request: () => ({ url: "/api/eligibility-bases", body: { Label: { en: `B ${unique()}` } } }),
  },
  {
    method: "GET",
    path: "/report-presets",
    expected: staffOnly(200),
    request: () => ({ url: "/api/report-presets" }),
  },
  {
    method: "POST",
    path: "/report-presets",
    expected: adminOnly(201),
    request: () => ({
      url: "/api/report-presets",
      body: { name: `Preset ${unique()}`, ageBands: "0-17,18-64,65-" },
    }),
  },
  {
    method: "PATCH",
    path: "/report-presets/{id}",
    expected: adminOnly(200),
    request: async (w) => ({
      url: `/api/report-presets/${await freshPreset(w)}`,
      body: { ageBands: "0-17,18-59,60-" },
    }),
  },
  {
    method: "DELETE",
    path: "/report-presets/{id}",
    expected: adminOnly(200),
    request: async (w) => ({ url: `/api/report-presets/${await freshPreset(w)}` }),
  },
  {
    method: "GET",
    path: "/locations/{id}/events",
    expected: atLocation1(sheet(200)),
    stream: true,
    request: (w) => ({ url: `/api/locations/${w.location1}/events` }),
  },

  {
    method: "GET",
    path: "/programs",
    expected: staffOnly(200),
    request: () => ({ url: "/api/programs" }),
  },
  {
    method: "GET",
    path: "/programs/{id}",
    // The network's: everyone's catalogue (where it is offered, their locations alone).
    expected: staffOnly(200),
    request: (w) => ({ url: `/api/programs/${w.program1}` }),
  },
  {
    method: "POST",
    path: "/programs",
    expected: adminOnly(201),
    request: () => ({ url: "/api/programs", body: { Name: `P ${unique()}`, LocationIds: [] } }),
  },
  {
    method: "PATCH",
    path: "/programs/{id}",
    expected: adminOnly(200),
    request: async (w) => ({
      url: `/api/programs/${await freshProgram(w)}`,
      body: { Name: `Renamed ${unique()}` },
    }),
  },
  {
    method: "DELETE",
    path: "/programs/{id}",
    expected: adminOnly(200),
    request: async (w) => ({ url: `/api/programs/${await freshProgram(w)}` }),
  },

  {
    method: "GET",
    path: "/questions",
    expected: atLocation1(sheet(200)),
    request: (w) => ({ url: `/api/questions?locationId=${w.location1}` }),
  },
  {
    method: "POST",
    path: "/questions",
    expected: adminOnly(201),
    request: () => ({ url: "/api/questions", body: { Kind: "yesno", Label: { en: "Q" } } }),
  },
  {
    method: "PATCH",
    path: "/questions/{id}",
    expected: adminOnly(200),
    request: async (w) => ({
      url: `/api/questions/${await freshQuestion(w)}`,
      // Not Required: the questions made here are asked of every program's sign-in.
      body: { Label: { en: "Renamed" } },
    }),
  },
  {
    method: "DELETE",
    path: "/questions/{id}",
    expected: adminOnly(200),
    request: async (w) => ({ url: `/api/questions/${await freshQuestion(w)}` }),
  },

  {
    method: "GET",
    path: "/visits",
    expected: atLocation1(sheet(200)),
    request: (w) => ({ url: `/api/visits?locationId=${w.location1}` }),
  },
  {
    method: "POST",
    path: "/visits/{id}/approve",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => ({
      url: `/api/visits/${await freshWaitingVisit(w)}/approve`,
      body: { reason: "Emergency" },
    }),
  },
  {
    method: "POST",
    path: "/visits/{id}/decline",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => ({
      url: `/api/visits/${await freshWaitingVisit(w)}/decline`,
      body: { reason: "Came this week" },
    }),
  },
  {
    method: "GET",
    path: "/locations/{id}/queue",
    expected: atLocation1(sheet(200)),
    request: (w) => ({ url: `/api/locations/${w.location1}/queue` }),
  },
  {
    method: "GET",
    path: "/locations/{id}/queue/waits",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/locations/${w.location1}/queue/waits?from=2026-03-01&to=2026-03-31`,
    }),
  },
  {
    method: "POST",
    path: "/locations/{id}/queue/call-next",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => {
      await freshQueuedVisit(w);
      return { url: `/api/locations/${w.location1}/queue/call-next`, body: { desk: "2" } };
    },
  },
  {
    method: "POST",
    path: "/visits/{id}/call",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => ({
      url: `/api/visits/${await freshQueuedVisit(w)}/call`,
      body: { desk: "2" },
    }),
  },
  {
    method: "POST",
    path: "/visits/{id}/served",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => ({ url: `/api/visits/${await freshQueuedVisit(w, true)}/served` }),
  },
  {
    method: "POST",
    path: "/visits/{id}/no-show",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => ({ url: `/api/visits/${await freshQueuedVisit(w, true)}/no-show` }),
  },
  {
    method: "POST",
    path: "/locations/{id}/screens",
    expected: atLocation1(staffOnly(201)),
    request: (w) => ({ url: `/api/locations/${w.location1}/screens` }),
  },
  {
    method: "GET",
    path: "/locations/{id}/screens",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({ url: `/api/locations/${w.location1}/screens` }),
  },
  {
    method: "DELETE",
    path: "/locations/{id}/screens/{code}",
    expected: atLocation1(staffOnly(204)),
    request: async (w) => ({
      url: `/api/locations/${w.location1}/screens/${await freshScreen(w)}`,
    }),
  },
  {
    method: "GET",
    path: "/screen/{code}",
    expected: everyone(200),
    request: async (w) => ({ url: `/api/screen/${await freshScreen(w)}` }),
  },
  {
    method: "GET",
    path: "/screen/{code}/events",
    expected: everyone(200),
    stream: true,
    request: async (w) => ({ url: `/api/screen/${await freshScreen(w)}/events` }),
  },
  {
    method: "GET",
    path: "/door/visits/{visitToken}/events",
    expected: everyone(200),
    stream: true,
    request: async (w) => ({ url: `/api/door/visits/${await freshDoorVisit(w)}/events` }),
  },
  {
    method: "GET",
    path: "/visits/open",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({ url: `/api/visits/open?locationId=${w.location1}` }),
  },
  {
    method: "GET",
    path: "/visits/summary",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({ url: `/api/visits/summary?locationId=${w.location1}&groupBy=program` }),
  },
  {
    method: "GET",
    path: "/reports/summary",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/reports/summary?from=2026-01-01&to=2026-12-31&locationId=${w.location1}`,
    }),
  },
  {
    method: "GET",
    path: "/reports/network",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/reports/network?from=2026-01-01&to=2026-01-31&locationId=${w.location1}`,
    }),
  },
  {
    method: "GET",
    path: "/reports/sign-sheet",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/reports/sign-sheet?date=2026-01-01&locationId=${w.location1}&programId=${w.program1}`,
    }),
  },
  {
    method: "GET",
    path: "/reports/partner",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/reports/partner?from=2026-01&to=2026-02&locationId=${w.location1}`,
    }),
  },
  {
    method: "GET",
    path: "/reports/partner/print",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/reports/partner/print?from=2026-01&to=2026-02&locationId=${w.location1}`,
    }),
  },
  {
    method: "GET",
    path: "/visits/{id}/signature",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => ({ url: `/api/visits/${await freshSignedVisit(w)}/signature` }),
  },
  {
    method: "GET",
    path: "/reports/settings",
    expected: staffOnly(200),
    request: () => ({ url: "/api/reports/settings" }),
  },
  {
    method: "PATCH",
    path: "/reports/settings",
    expected: adminOnly(200),
    // January, as it starts: the other files' reports are not moved by this one.
    request: () => ({ url: "/api/reports/settings", body: { fiscalYearStartMonth: 1 } }),
  },
  {
    method: "GET",
    path: "/visits/search",
    // The phone is a visitor of location1's only: tablet2's lookup does not reach it, nor adminOf2's.
    expected: atLocation1({ ...sheet(200), tablet2: 404 }),
    request: () => ({ url: `/api/visits/search?phoneNumber=${searchedPhone}` }),
  },
  {
    method: "GET",
    path: "/visits/{id}",
    // A tablet reads no visit by id, not even its own location's.
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({ url: `/api/visits/${w.visit1}` }),
  },
  {
    method: "POST",
    path: "/visits",
    expected: atLocation1(sheet(201)),
    request: (w) => ({ url: "/api/visits", body: visitor(w.location1, w.program1) }),
  },
  {
    method: "PATCH",
    path: "/visits/{id}",
    expected: atLocation1(staffOnly(200)),
    request: async (w) => ({
      url: `/api/visits/${await freshVisit(w)}`,
      body: { FirstName: "Fixed" },
    }),
  },
  {
    method: "PATCH",
    path: "/visits/{id}/sign-out",
    expected: atLocation1(sheet(200)),
    request: async (w) => ({ url: `/api/visits/${await freshVisit(w)}/sign-out` }),
  },
  {
    method: "DELETE",
    path: "/visits/{id}",
    expected: adminOnly(200),
    request: async (w) => ({ url: `/api/visits/${await freshVisit(w)}` }),
  },
  {
    method: "GET",
    path: "/visits/{id}/label",
    expected: atLocation1(sheet(200)),
    request: async (w) => ({ url: `/api/visits/${await freshVisit(w)}/label` }),
  },
  {
    method: "POST",
    path: "/visits/{id}/print",
    // location1's printer refuses connections: the send fails after the 202, as one switched off.
    expected: atLocation1(sheet(202)),
    request: async (w) => ({ url: `/api/visits/${await freshVisit(w)}/print` }),
  },

  {
    method: "POST",
    path: "/assets",
    expected: staffOnly(200),
    request: () => ({
      url: "/api/assets",
      body: { blob: { filename: "me.png", content_type: "image/png", byte_size: 1234 } },
    }),
  },

  {
    method: "GET",
    path: "/tokens",
    expected: staffOnly(200),
    request: () => ({ url: "/api/tokens" }),
  },
  {
    method: "POST",
    path: "/tokens",
    // Tokens are made and revoked in a browser: a leaked token cannot mint more.
    expected: { ...staffOnly(201), bearer: 403 },
    request: () => ({ url: "/api/tokens", body: { name: `script ${unique()}` } }),
  },
  {
    method: "DELETE",
    path: "/tokens/{id}",
    // staffUser's token: another's is not theirs to revoke.
    expected: { ...staffOnly(200), bearer: 403, staffOf1: 403, adminOf1: 403, adminOf2: 403 },
    request: async (w) => ({ url: `/api/tokens/${await freshStaffToken(w)}` }),
  },

  {
    method: "GET",
    path: "/backups",
    expected: adminOnly(200),
    request: () => ({ url: "/api/backups" }),
  },
  {
    method: "POST",
    path: "/backups",
    expected: adminOnly(201),
    request: () => ({ url: "/api/backups" }),
  },
  {
    method: "GET",
    path: "/backups/{name}",
    expected: adminOnly(200),
    request: async (w) => ({ url: `/api/backups/${await someBackup(w)}` }),
  },

  {
    method: "GET",
    path: "/settings",
    expected: adminOnly(200),
    request: () => ({ url: "/api/settings" }),
  },
  {
    method: "GET",
    path: "/audit",
    expected: siteAdminOnly(200),
    request: () => ({ url: "/api/audit?action=visit.sign_in" }),
  },
  {
    method: "PATCH",
    path: "/settings",
    expected: adminOnly(200),
    request: () => ({ url: "/api/settings", body: { eraseAfterDays: null } }),
  },
  {
    method: "GET",
    path: "/settings/retention/preview",
    expected: adminOnly(200),
    request: () => ({ url: "/api/settings/retention/preview?eraseAfterDays=365" }),
  },
  {
    method: "POST",
    path: "/settings/retention/run",
    expected: adminOnly(200),
    request: () => ({ url: "/api/settings/retention/run" }),
  },
  {
    method: "POST",
    path: "/settings/auto-sign-out/run",
    expected: adminOnly(200),
    request: () => ({ url: "/api/settings/auto-sign-out/run" }),
  },
  {
    method: "POST",
    path: "/visitors/export",
    expected: adminOnly(200),
    request: () => ({ url: "/api/visitors/export", body: { phoneNumber: "4155609999" } }),
  },
  {
    method: "POST",
    path: "/visitors/forget",
    expected: adminOnly(200),
    request: () => ({ url: "/api/visitors/forget", body: { phoneNumber: "4155609998" } }),
  },

  {
    method: "GET",
    path: "/webhooks",
    // A site admin's: their locations' own.
    expected: siteAdminOnly(200),
    request: () => ({ url: "/api/webhooks" }),
  },
  {
    method: "POST",
    path: "/webhooks",
    expected: adminOnly(201),
    request: () => ({
      url: "/api/webhooks",
      body: { url: "https://93.184.215.14/hooks", events: ["visit.signed_out"] },
    }),
  },
  {
    method: "PATCH",
    path: "/webhooks/{id}",
    expected: adminOnly(200),
    request: async (w) => ({
      url: `/api/webhooks/${await freshWebhook(w)}`,
      body: { enabled: false },
    }),
  },
  {
    method: "DELETE",
    path: "/webhooks/{id}",
    expected: adminOnly(200),
    request: async (w) => ({ url: `/api/webhooks/${await freshWebhook(w)}` }),
  },
  {
    method: "POST",
    path: "/webhooks/{id}/test",
    expected: adminOnly(202),
    request: async (w) => ({ url: `/api/webhooks/${await freshWebhook(w)}/test` }),
  },
  {
    method: "GET",
    path: "/webhooks/{id}/deliveries",
    expected: adminOnly(200),
    request: async (w) => ({ url: `/api/webhooks/${await freshWebhook(w)}/deliveries` }),
  },
];

/** Calls of the table in a case its rows do not cover. */
const caseRows: Row[] = [
  {
    // A tablet signs out open visits (and, retrying, one ended within the day): never an older one.
    method: "PATCH",
    path: "/visits/{id}/sign-out of a visit ended two days ago",
    expected: atLocation1({ ...sheet(200), tablet1: 404 }),
    request: async (w) => ({ url: `/api/visits/${await freshVisit(w, 2)}/sign-out` }),
  },
  {
    // A location's own question and webhook are its admins' (the network's: adminOnly above).
    method: "PATCH",
    path: "/questions/{id} of location1's own",
    expected: atLocation1(siteAdminOnly(200)),
    request: async (w) => ({
      url: `/api/questions/${await freshQuestion(w, w.location1)}`,
      body: { Label: { en: "Renamed" } },
    }),
  },
  {
    method: "GET",
    path: "/webhooks/{id}/deliveries of location1's own",
    expected: atLocation1(siteAdminOnly(200)),
    request: async (w) => ({ url: `/api/webhooks/${await freshOwnWebhook(w)}/deliveries` }),
  },
];

/** Routes beside the procedures (not in the OpenAPI document) follow the same rules. */
const rawRows: Row[] = [
  {
    method: "GET",
    path: "/visits?format=csv",
    expected: staffOnly(200),
    request: () => ({ url: "/api/visits?format=csv" }),
  },
  {
    method: "GET",
    path: "/visits/open?format=csv",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({ url: `/api/visits/open?format=csv&locationId=${w.location1}` }),
  },
  {
    method: "GET",
    path: "/reports/summary?format=csv",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/reports/summary?format=csv&from=2026-01-01&to=2026-01-31&locationId=${w.location1}`,
    }),
  },
  {
    method: "GET",
    path: "/reports/partner?format=csv",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/reports/partner?format=csv&from=2026-01&to=2026-02&locationId=${w.location1}`,
    }),
  },
  {
    method: "GET",
    path: "/reports/network?format=csv",
    expected: atLocation1(staffOnly(200)),
    request: (w) => ({
      url: `/api/reports/network?format=csv&from=2026-01-01&to=2026-01-31&locationId=${w.location1}`,
    }),
  },
];

/** A procedure as the web app calls it at /trpc, with the input one identity sends. */
interface ProcedureRow {
  procedure: string;
  expected: Expected;
  input(world: World): unknown;
}

/** The procedures the web app alone calls: they have no path under /api. */
const trpcOnlyRows: ProcedureRow[] = [
  {
    procedure: "visits.report",
    expected: atLocation1(staffOnly(200)),
    input: (w) => ({ locationId: w.location1 }),
  },
  {
    procedure: "visits.summaryReport",
    expected: atLocation1(staffOnly(200)),
    input: (w) => ({ locationId: w.location1, groupBy: "program" }),
  },
  {
    procedure: "audit.page",
    expected: siteAdminOnly(200),
    input: () => ({ action: "visit.sign_in" }),
  },
  {
    procedure: "households.page",
    expected: staffOnly(200),
    input: () => ({ search: "Matrix" }),
  },
  {
    procedure: "households.duplicatesPage",
    expected: staffOnly(200),
    input: () => ({ page: 1 }),
  },
  {
    procedure: "households.visits",
    expected: staffOnly(200),
    input: async (w) => ({ id: await freshHousehold(w) }),
  },
  {
    procedure: "reports.today",
    expected: atLocation1(staffOnly(200)),
    input: (w) => ({ locationId: w.location1 }),
  },
  {
    procedure: "settings.dismissSetup",
    expected: adminOnly(200),
    input: () => ({}),
  },
];

/**
 * Every procedure of the router, by name, with its kind. tRPC has no public list of a router's
 * procedures; its record in _def is what trpc-to-openapi walks too.
 */
const procedures = new Map(
  Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
  ).map(([name, procedure]) => [name, procedure._def.type as "query" | "mutation"]),
);

/**
 * A row of the /api table as a call at /trpc: the procedure its operation names (operationId is
 * the procedure's path with dashes), its input the path's parameters, the query and the body,
 * and its answer tRPC's (any success is 200). Raw routes have no procedure.
 */
const procedureRows: ProcedureRow[] = table.flatMap((row) => {
  const operation = contract().document.paths[row.path]?.[row.method.toLowerCase()];
  const procedure = operation?.operationId?.replaceAll("-", ".");
  if (!procedure || !procedures.has(procedure)) return [];
  const names = [...row.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pattern = new RegExp(`^/api${row.path.replace(/\{\w+\}/g, "([^/]+)")}$`);
  const expected = Object.fromEntries(
    Object.entries(row.expected).map(([name, status]) => [name, status < 300 ? 200 : status]),
  ) as Expected;
  return [
    {
      procedure,
      expected,
      input: async (w: World) => {
        const { url, body } = await row.request(w);
        const { pathname, searchParams } = new URL(url, "http://signin.test");
        const values = pattern.exec(pathname)!.slice(1);
        return {
          ...Object.fromEntries(searchParams),
          ...Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i]!)])),
          ...(body as object | undefined),
        };
      },
    },
  ];
});

let world: World;
let staffBearer: string;
/** Every identity the matrix calls as: the kinds of caller, and those holding some locations only. */
const callers = [...identities, ...siteIdentities];

/**
 * One client per identity, kept from call to call while its cookies stay as they were: a call that
 * changes them (a login, a logout, a tablet set up on the caller's browser) retires it, and the next
 * call as that identity gets a new one.
 */
const kept = new Map<IdentityName, { client: Client; cookies: string }>();
const cookiesOf = (client: Client) => JSON.stringify([...client.jar]);
async function asIdentity<T>(name: IdentityName, call: (client: Client) => Promise<T>): Promise<T> {
  let entry = kept.get(name);
  if (!entry) {
    const client = await identityClient({ ...world, staffBearer }, name);
    entry = { client, cookies: cookiesOf(client) };
    kept.set(name, entry);
  }
  try {
    return await call(entry.client);
  } finally {
    if (cookiesOf(entry.client) !== entry.cookies) kept.delete(name);
  }
}

/**
 * `asIdentity`, failing with the caller's name when the call has not answered within 20 s: a
 * row's calls share its test's time-out, which alone would not say whose call hung. The failure
 * also says what the server was waiting on, read when it gave up.
 */
function answeredBy<T>(name: IdentityName, call: (client: Client) => Promise<T>) {
  const sent = world.server.statements.length;
  return within(20_000, asIdentity(name, call), `${name}'s call`, () => whileWaiting(sent));
}

/**
 * The server's statements since `sent`, and on PostgreSQL its pool's connections and what the
 * database's sessions were doing, read on a connection of its own (the pool's may all be taken).
 */
async function whileWaiting(sent: number): Promise<string> {
  const lines = [`statements sent: ${world.server.statements.slice(sent).join(" | ") || "none"}`];
  const pool = world.server.services.db.pool;
  if (!pool) return lines.join("\n");
  lines.push(
    `pool: ${pool.totalCount} open, ${pool.idleCount} idle, ${pool.waitingCount} waiting for one`,
  );
  const own = await createDb({ databaseUrl: pool.options.connectionString, poolSize: 1 });
  try {
    const { rows } = await sql<Record<string, unknown>>`
      select pid, state, wait_event_type, wait_event, now() - xact_start as in_transaction,
             left(query, 160) as query
      from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
      own.kysely,
    );
    lines.push(...rows.map((row) => `session: ${JSON.stringify(row)}`));
  } catch (error) {
    lines.push(`sessions unread: ${(error as Error).message}`);
  } finally {
    await own.close();
  }
  return lines.join("\n");
}

beforeAll(async () => {
  const server = await startTestServer();
  const admin = await adminClient(server);
  const catalog = await createCatalog(admin);
  const staffUser = await server.createUser();
  const other = await server.createUser();
  world = {
    server,
    siteUsers: await createSiteUsers(server, catalog.main.id, catalog.east.id),
    admin,
    staffUser,
    otherUserId: other.id,
    location1: catalog.main.id,
    location2: catalog.east.id,
    program1: catalog.tutoring.id,
    visit1: 0,
  };
  world.visit1 = await freshVisit(world);
  await server.services.db.kysely
    .updateTable("location_labels")
    .set({ printer_kind: "zpl", printer_host: "127.0.0.1", printer_port: 9 })
    .where("location_id", "=", catalog.main.id)
    .execute();
  staffBearer = generateToken();
  await server.services.db.kysely
    .insertInto("api_tokens")
    .values({ user_id: staffUser.id, name: "matrix", token_hash: hashToken(staffBearer) })
    .execute();
});
afterAll(() => world.server.close());

describe("permission matrix", () => {
  it("has a row for every operation in the OpenAPI document, and no row without one", async () => {
    const doc = (await world.server.client().get("/api/openapi.json")).json;
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(table.map((row) => `${row.method} ${row.path}`).sort()).toEqual(documented);
  });

  for (const row of [...table, ...caseRows, ...rawRows]) {
    it(`${row.method} ${row.path}`, async () => {
      const got: Partial<Expected> = {};
      for (const name of callers) {
        const { url, body } = await row.request(world);
        got[name] = await answeredBy(name, async (client) =>
          row.stream
            ? client.statusOfStream(url)
            : (
                await client.request(
                  row.method,
                  url,
                  body ?? (row.method === "GET" || row.method === "DELETE" ? undefined : {}),
                )
              ).status,
        );
      }
      expect(got).toEqual(row.expected);
    });
  }

  it("has a row for every procedure of the router at /trpc, and no row without one", () => {
    expect([...procedureRows, ...trpcOnlyRows].map((row) => row.procedure).sort()).toEqual(
      [...procedures.keys()].sort(),
    );
  });

  for (const row of [...procedureRows, ...trpcOnlyRows]) {
    it(`${row.procedure} at /trpc`, async () => {
      const kind = procedures.get(row.procedure)!;
      const got: Partial<Expected> = {};
      for (const name of callers) {
        const input = (await row.input(world)) as Record<string, unknown>;
        // A query without input sends none: those of no input take none.
        const sent = kind === "query" && Object.keys(input).length === 0 ? undefined : input;
        got[name] = await answeredBy(
          name,
          async (client) => (await client.trpc(kind, row.procedure, sent)).status,
        );
      }
      expect(got).toEqual(row.expected);
    });
  }

  it("other people's accounts: staff 403, admin 200", async () => {
    for (const [name, status] of [
      ["staff", 403],
      ["bearer", 403],
      ["admin", 200],
    ] as const) {
      await asIdentity(name, async (client) => {
        expect((await client.get(`/api/users/${world.otherUserId}`)).status, name).toBe(status);
        expect(
          (await client.patch(`/api/users/${world.otherUserId}`, { firstName: "Hijack" })).status,
          name,
        ).toBe(status);
      });
    }
  });

  it("a revoked or made-up bearer token is refused, not taken for nobody", async () => {
    const client = world.server.client();
    client.bearer = createHash("sha256").update(randomUUID()).digest("hex");
    const me = await client.get("/api/users/me");
    expect(me.status).toBe(401);
    expect(me.json).toEqual({
      status: 401,
      message: "Invalid or revoked API token",
      key: "tokenRevoked",
      values: {},
    });
    expect((await client.get("/api/locations")).status).toBe(401);
  });
});
