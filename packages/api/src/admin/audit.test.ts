import { autoSignOut } from "@vsi/api";
import { sql } from "@vsi/db";
import { describe, expect, it } from "vitest";
import {
  newestTabletId,
  staffClient,
  tabletClient,
  useCatalogServer,
  visitor,
} from "./fixtures.ts";
import { describeOnPostgres } from "@vsi/db/testing";
import { type Client } from "./harness.ts";

/**
 * The audit log: each change writes its row in the same statement or transaction as the change,
 * with who did it; a change that fails writes none; GET /api/audit reads it (admin only).
 */

const world = useCatalogServer();

const db = () => world.server.services.db.kysely;
/** The log's rows of one action (and subject), oldest first, straight from the table. */
const rows = (action: string, subjectId?: number) =>
  db()
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .$if(subjectId !== undefined, (qb) => qb.where("subject_id", "=", subjectId!))
    .orderBy("id")
    .execute();
const count = async () =>
  Number(
    (
      await db()
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function staffWithId(): Promise<{ client: Client; id: number }> {
  const user = await world.server.createUser();
  const client = world.server.client();
  await client.login(user.email, user.password);
  return { client, id: user.id };
}

async function tabletWithId(locationId: number): Promise<{ client: Client; id: number }> {
  const client = await tabletClient(world.server, locationId);
  return { client, id: await newestTabletId(world.server, locationId) };
}

describe("the audit log records", () => {
  it("a tablet's sign-in and sign-out as the tablet's, once: a replayed Idempotency-Key and a second sign-out record nothing", async () => {
    const { main, pantry } = world.catalog;
    const tablet = await tabletWithId(main.id);
    const body = visitor(main.id, pantry.id, { FirstName: "Ana", LastName: "Secret" });
    const first = await tablet.client.post("/api/visits", body, { "idempotency-key": "audit-1" });
    const replay = await tablet.client.post("/api/visits", body, { "idempotency-key": "audit-1" });
    expect([first.status, replay.status]).toEqual([201, 201]);
    const id = first.json.id as number;
    const signIns = await rows("visit.sign_in", id);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({
      actor: "tablet",
      tablet_id: tablet.id,
      user_id: null,
      subject_type: "visit",
      location_id: main.id,
      details: {},
    });

    const unkeyed = await tablet.client.post("/api/visits", visitor(main.id, pantry.id));
    expect(await rows("visit.sign_in", unkeyed.json.id)).toMatchObject([
      { actor: "tablet", tablet_id: tablet.id },
    ]);

    expect((await tablet.client.patch(`/api/visits/${id}/sign-out`)).status).toBe(200);
    expect((await tablet.client.patch(`/api/visits/${id}/sign-out`)).status).toBe(200);
    expect(await rows("visit.sign_out", id)).toMatchObject([
      { actor: "tablet", tablet_id: tablet.id, location_id: main.id, details: { by: "visitor" } },
    ]);
  });

  it("staff signing visitors in and out as that staff member's", async () => {
    const { east, jobs } = world.catalog;
    const staff = await staffWithId();
    const visit = await staff.client.post("/api/visits", visitor(east.id, jobs.id));
    expect(visit.status).toBe(201);
    expect(await rows("visit.sign_in", visit.json.id)).toMatchObject([
      { actor: "user", user_id: staff.id, tablet_id: null, location_id: east.id },
    ]);
    // The on-site page's sign-out is this same call.
    expect(
      (await staff.client.trpc("mutation", "visits.signOut", { id: visit.json.id })).status,
    ).toBe(200);
    expect(await rows("visit.sign_out", visit.json.id)).toMatchObject([
      { actor: "user", user_id: staff.id, details: { by: "staff" } },
    ]);
  });

  it("the automatic sign-out as the system's, one row per visit it ends", async () => {
    const { east, jobs } = world.catalog;
    const tablet = await tabletClient(world.server, east.id);
    const visits = await Promise.all(
      [1, 2].map(() => tablet.post("/api/visits", visitor(east.id, jobs.id))),
    );
    expect((await world.admin.patch(`/api/locations/${east.id}`, { MaxStayHours: 1 })).status).toBe(
      200,
    );
    const ended = await autoSignOut(db(), new Date(Date.now() + 2 * 3600_000));
    const ids = visits.map((v) => v.json.id as number);
    expect(ended.map((v) => v.id)).toEqual(expect.arrayContaining(ids));
    for (const id of ids)
      expect(await rows("visit.sign_out", id)).toMatchObject([
        { actor: "system", user_id: null, tablet_id: null, details: { by: "auto" } },
      ]);
    // A second run ends nothing and records nothing.
    const before = await count();
    await autoSignOut(db(), new Date(Date.now() + 2 * 3600_000));
    expect(await count()).toBe(before);
    expect(
      (await world.admin.patch(`/api/locations/${east.id}`, { MaxStayHours: null })).status,
    ).toBe(200);
  });

  it("a forgotten visit ended by the same phone's next sign-in as the system's, and the sign-in as the tablet's", async () => {
    const { main, pantry } = world.catalog;
    const tablet = await tabletWithId(main.id);
    const body = visitor(main.id, pantry.id);
    const phone = body.PhoneNumber.replace(/\D/g, "");
    const old = await db()
      .insertInto("visits")
      .values({
        first_name: "Old",
        last_name: "Visit",
        phone_number: phone,
        temperature: "98.6",
        location_id: main.id,
        program_id: pantry.id,
        time_in: new Date(Date.now() - 13 * 3600_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const fresh = await tablet.client.post("/api/visits", body);
    expect(fresh.status).toBe(201);
    expect(await rows("visit.sign_out", old.id)).toMatchObject([
      { actor: "system", details: { by: "auto" } },
    ]);
    expect(await rows("visit.sign_in", fresh.json.id)).toMatchObject([
      { actor: "tablet", tablet_id: tablet.id },
    ]);
  });

  it("a visit's edit with the names of the fields that changed, never a visitor's name or phone; its deletion by the admin", async () => {
    const { main, tutoring } = world.catalog;
    const staff = await staffWithId();
    const visit = (await staff.client.post("/api/visits", visitor(main.id, tutoring.id))).json;
    const edit = await staff.client.patch(`/api/visits/${visit.id}`, {
      FirstName: "Zelda",
      PhoneNumber: "415-555-0199",
      Temperature: visit.Temperature,
    });
    expect(edit.status).toBe(200);
    const edits = await rows("visit.update", visit.id);
    expect(edits).toMatchObject([
      { actor: "user", user_id: staff.id, details: { fields: ["FirstName", "PhoneNumber"] } },
    ]);
    expect(JSON.stringify(edits)).not.toMatch(/Zelda|4155550199|Grace|Hopper/);
    // Nothing changed, nothing recorded.
    expect(
      (await staff.client.patch(`/api/visits/${visit.id}`, { FirstName: "Zelda" })).status,
    ).toBe(200);
    expect(await rows("visit.update", visit.id)).toHaveLength(1);

    expect((await world.admin.delete(`/api/visits/${visit.id}`)).status).toBe(200);
    expect(await rows("visit.delete", visit.id)).toMatchObject([
      { actor: "user", subject_type: "visit", location_id: main.id },
    ]);
  });

  it("locations and programs created, changed (field names) and deleted or archived", async () => {
    const admin = world.admin;
    const program = (await admin.post("/api/programs", { Name: "Audit Class", LocationIds: [] }))
      .json;
    const location = (await admin.post("/api/locations", { Name: "Audit Hall", ProgramIds: [] }))
      .json;
    expect(await rows("program.create", program.id)).toMatchObject([
      { actor: "user", subject_type: "program", details: { name: "Audit Class" } },
    ]);
    expect(await rows("location.create", location.id)).toMatchObject([
      { actor: "user", location_id: location.id, details: { name: "Audit Hall" } },
    ]);

    // Name sent unchanged: only what changed is named. Reordering the tabs is a change of ProgramIds.
    await admin.patch(`/api/locations/${location.id}`, {
      Name: "Audit Hall",
      Address: "9 Elm St",
      ProgramIds: [program.id, world.catalog.pantry.id],
    });
    await admin.patch(`/api/locations/${location.id}`, {
      ProgramIds: [world.catalog.pantry.id, program.id],
    });
    await admin.patch(`/api/programs/${program.id}`, { Name: "Audit Course" });
    expect((await rows("location.update", location.id)).map((r) => r.details)).toEqual([
      { fields: ["Address", "ProgramIds"] },
      { fields: ["ProgramIds"] },
    ]);
    expect((await rows("program.update", program.id)).map((r) => r.details)).toEqual([
      { name: "Audit Course", fields: ["Name"] },
    ]);

    const tablet = await tabletClient(world.server, location.id);
    await tablet.post("/api/visits", visitor(location.id, program.id));
    expect((await admin.delete(`/api/locations/${location.id}`)).status).toBe(200);
    expect(await rows("location.delete", location.id)).toMatchObject([
      { details: { name: "Audit Hall", archived: true } },
    ]);
    const unused = (await admin.post("/api/programs", { Name: "Audit Unused", LocationIds: [] }))
      .json;
    expect((await admin.delete(`/api/programs/${unused.id}`)).status).toBe(200);
    expect(await rows("program.delete", unused.id)).toMatchObject([
      { details: { name: "Audit Unused", archived: false } },
    ]);
  });

  it("users invited, deactivated, reactivated, made admin and no longer admin, with the subject's email", async () => {
    const admin = world.admin;
    const invite = await admin.post("/api/invites", {
      firstName: "Iris",
      email: "iris.audit@example.org",
    });
    expect(invite.status).toBe(201);
    expect((await rows("user.invite")).at(-1)).toMatchObject({
      actor: "user",
      subject_type: "invite",
      details: { email: "iris.audit@example.org" },
    });

    const user = await world.server.createUser({ email: "sam.audit@example.org" });
    for (const change of [
      { isActive: false },
      { isActive: false },
      { isActive: true },
      { isAdmin: true },
      { isAdmin: false },
    ]) {
      expect((await admin.patch(`/api/users/${user.id}`, change)).status).toBe(200);
    }
    // Deactivating twice records the first only; a profile edit records nothing.
    await admin.patch(`/api/users/${user.id}`, { firstName: "Samuel" });
    const actions = await db()
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("subject_type", "=", "user")
      .where("subject_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(actions).toEqual(
      ["user.deactivate", "user.reactivate", "user.make_admin", "user.remove_admin"].map(
        (action) => ({ action, details: { email: "sam.audit@example.org" } }),
      ),
    );
  });

  it("tablets set up and disconnected (once), by whom", async () => {
    const { main } = world.catalog;
    const staff = await staffWithId();
    expect((await staff.client.get(`/api/locations/${main.id}/setup`)).status).toBe(200);
    const tabletId = await newestTabletId(world.server);
    expect(await rows("tablet.setup", tabletId)).toMatchObject([
      { actor: "user", user_id: staff.id, location_id: main.id },
    ]);
    const other = await staffWithId();
    expect((await other.client.delete(`/api/tablets/${tabletId}`)).status).toBe(200);
    expect((await other.client.delete(`/api/tablets/${tabletId}`)).status).toBe(200);
    expect(await rows("tablet.disconnect", tabletId)).toMatchObject([
      { actor: "user", user_id: other.id, location_id: main.id },
    ]);
  });
});

describeOnPostgres("sign-outs at the same moment on PostgreSQL", () => {
  it("record one sign-out, whoever wins: the tablet's and the staff member's racing for one visit", async () => {
    const { main, pantry } = world.catalog;
    const tablet = await tabletWithId(main.id);
    const staff = await staffWithId();
    const visit = await tablet.client.post("/api/visits", visitor(main.id, pantry.id));
    const id = visit.json.id as number;
    // Hold the visit's row so both sign-outs start, see it open, and wait for it.
    const answers = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`select 1 from visits where id = ${id} for update`.execute(trx);
        const racing = [
          tablet.client.patch(`/api/visits/${id}/sign-out`),
          staff.client.patch(`/api/visits/${id}/sign-out`),
        ];
        for (;;) {
          const { rows: waiting } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
          if (waiting[0]!.n >= 2) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return racing;
      })
      .then((racing) => Promise.all(racing));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]!.json.TimeOut).toBe(answers[1]!.json.TimeOut);
    expect(await rows("visit.sign_out", id)).toHaveLength(1);
  });
});

describe("a change that fails records nothing", () => {
  it("a refused sign-in (422, 409), a refused edit (409) and a location update rolled back by a bad logo (422)", async () => {
    const { main, east, pantry, jobs } = world.catalog;
    const tablet = await tabletClient(world.server, main.id);
    const staff = await staffClient(world.server);
    const before = await count();
    // Program not offered here: 422, from a tablet and from staff.
    expect((await tablet.post("/api/visits", visitor(main.id, jobs.id))).status).toBe(422);
    expect(
      (await staff.post("/api/visits", visitor(main.id, jobs.id), { "idempotency-key": "refused" }))
        .status,
    ).toBe(422);
    expect(await count()).toBe(before);

    const body = visitor(main.id, pantry.id);
    expect((await tablet.post("/api/visits", body)).status).toBe(201);
    const afterSignIn = await count();
    expect((await tablet.post("/api/visits", body)).status).toBe(409);
    const other = (await tablet.post("/api/visits", visitor(main.id, pantry.id))).json;
    const afterOther = await count();
    expect(afterOther).toBe(afterSignIn + 1);
    expect(
      (await staff.patch(`/api/visits/${other.id}`, { PhoneNumber: body.PhoneNumber })).status,
    ).toBe(409);

    // The location's fields are written first in its transaction; the unknown logo rolls them back with the audit row.
    const bad = await world.admin.patch(`/api/locations/${east.id}`, {
      Name: "Renamed",
      Logo: "no-such-upload",
    });
    expect(bad.status).toBe(422);
    expect((await world.admin.get(`/api/locations/${east.id}`)).json.Name).toBe("Eastside");
    expect(await count()).toBe(afterOther);
  });
});

describe("GET /api/audit", () => {
  it("is the admin's: staff 403, a tablet 403, nobody 401", async () => {
    expect((await (await staffClient(world.server)).get("/api/audit")).status).toBe(403);
    expect(
      (await (await tabletClient(world.server, world.catalog.main.id)).get("/api/audit")).status,
    ).toBe(403);
    expect((await world.server.client().get("/api/audit")).status).toBe(401);
  });

  it("lists newest first with who (name, tablet's location), what, where and details", async () => {
    const { main, pantry } = world.catalog;
    const tablet = await tabletWithId(main.id);
    const visit = (await tablet.client.post("/api/visits", visitor(main.id, pantry.id))).json;
    const res = await world.admin.get(`/api/audit?action=visit.sign_in&locationId=${main.id}`);
    expect(res.status).toBe(200);
    expect(res.json[0]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      action: "visit.sign_in",
      actor: {
        kind: "tablet",
        userId: null,
        name: null,
        email: null,
        tabletId: tablet.id,
        tabletLocation: { id: main.id, name: "Main Street" },
      },
      subject: { type: "visit", id: visit.id },
      location: { id: main.id, name: "Main Street" },
      details: {},
    });
    const staff = await staffWithId();
    await staff.client.patch(`/api/visits/${visit.id}/sign-out`);
    const byStaff = await world.admin.get(`/api/audit?userId=${staff.id}`);
    expect(byStaff.json).toHaveLength(1);
    expect(byStaff.json[0].actor).toMatchObject({
      kind: "user",
      userId: staff.id,
      name: expect.any(String),
      email: expect.stringContaining("@"),
    });
  });

  it("filters by several actions, location, person and calendar days in a time zone", async () => {
    const all = await world.admin.get("/api/audit?action=visit.sign_in,visit.sign_out");
    const actions = new Set((all.json as Array<{ action: string }>).map((e) => e.action));
    expect([...actions].sort()).toEqual(["visit.sign_in", "visit.sign_out"]);
    const total = Number(all.headers["x-total-count"]);
    const [signIns, signOuts] = await Promise.all(
      ["visit.sign_in", "visit.sign_out"].map(async (a) =>
        Number((await world.admin.get(`/api/audit?action=${a}`)).headers["x-total-count"]),
      ),
    );
    expect(total).toBe(signIns! + signOuts!);

    // An entry written at 23:30 UTC on 2026-03-01 is on 2026-03-01 in UTC and 2026-03-02 in Tokyo.
    await db()
      .insertInto("audit_log")
      .values({
        at: new Date("2026-03-01T23:30:00Z"),
        actor: "system",
        action: "retention.run",
        details: JSON.stringify({ erased: 0 }),
      })
      .execute();
    const on = (day: string, zone: string) =>
      world.admin.get(`/api/audit?action=retention.run&from=${day}&to=${day}&timeZone=${zone}`);
    expect((await on("2026-03-01", "UTC")).json).toHaveLength(1);
    expect((await on("2026-03-02", "UTC")).json).toHaveLength(0);
    expect((await on("2026-03-02", "Asia/Tokyo")).json).toHaveLength(1);

    // One location's entries: a sign-in there is listed, one at another location is not.
    const { east, main, jobs, pantry } = world.catalog;
    const atEast = await (
      await tabletClient(world.server, east.id)
    ).post("/api/visits", visitor(east.id, jobs.id));
    const atMain = await (
      await tabletClient(world.server, main.id)
    ).post("/api/visits", visitor(main.id, pantry.id));
    const [eastEntry] = await rows("visit.sign_in", atEast.json.id);
    const [mainEntry] = await rows("visit.sign_in", atMain.json.id);
    const listed = (await world.admin.get(`/api/audit?locationId=${east.id}`)).json as Array<{
      id: number;
      location: { id: number } | null;
    }>;
    expect(listed.map((e) => e.id)).toContain(eastEntry!.id);
    expect(listed.map((e) => e.id)).not.toContain(mainEntry!.id);
    expect(listed.filter((e) => e.location?.id !== east.id)).toEqual([]);
  });

  it("pages by 25 with Link and X-Total-Count, as the other lists", async () => {
    const first = await world.admin.get("/api/audit");
    const total = Number(first.headers["x-total-count"]);
    expect(total).toBeGreaterThan(25);
    expect(first.json).toHaveLength(25);
    expect(first.headers.link).toContain('rel="next"');
    const second = await world.admin.get("/api/audit?page=2");
    expect(second.json[0].id).toBeLessThan(first.json[24].id);
    expect(second.headers.link).toContain('rel="prev"');
    // The web app's page carries the same total.
    const page = await world.admin.trpc("query", "audit.page", { page: 2 });
    expect(page.json.result.data).toMatchObject({
      total,
      page: 2,
      pageCount: Math.ceil(total / 25),
    });
  });

  it("counts its total as the report does: exact up to 100,000 matching entries, estimated past that unless exactTotal=true", async () => {
    const seed = (count: number) =>
      sql`insert into audit_log (at, actor, action, details)
          select timestamptz '2020-01-01T00:00:00Z' + g * interval '1 minute', 'system', 'visit.sign_out', '{}'::jsonb
          from generate_series(1, ${count}::int) g`.execute(db());
    const oldDays = "from=2020-01-01&to=2020-12-31";
    await seed(100_000);
    await sql`analyze audit_log`.execute(db());
    const exact = await world.admin.get(`/api/audit?${oldDays}`);
    expect(exact.headers["x-total-count"]).toBe("100000");
    expect(exact.headers["x-total-count-estimated"]).toBeUndefined();

    await seed(1);
    const estimated = await world.admin.get(`/api/audit?${oldDays}`);
    expect(estimated.headers["x-total-count-estimated"]).toBe("true");
    expect(Number(estimated.headers["x-total-count"])).toBeGreaterThan(100_000);
    const page = await world.admin.trpc("query", "audit.page", {
      from: "2020-01-01",
      to: "2020-12-31",
    });
    expect(page.json.result.data).toMatchObject({ totalEstimated: true });
    const counted = await world.admin.get(`/api/audit?${oldDays}&exactTotal=true`);
    expect(counted.headers["x-total-count"]).toBe("100001");
    expect(counted.headers["x-total-count-estimated"]).toBeUndefined();
    await db().deleteFrom("audit_log").where("at", "<", new Date("2021-01-01T00:00:00Z")).execute();
  });

  it("answers junk filters with 422 naming the field", async () => {
    for (const [query, path] of [
      ["action=visit.explode", "action"],
      ["action=visit.sign_in,nope", "action"],
      ["userId=abc", "userId"],
      ["from=2026-02-30", "from"],
      ["timeZone=Mars/Olympus", "timeZone"],
      ["page=0", "page"],
    ]) {
      const res = await world.admin.get(`/api/audit?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });
});
