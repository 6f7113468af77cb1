import { sql } from "@vsi/db";
import { describeOnPostgres } from "@vsi/db/testing";
import { describe, expect, it, onTestFinished } from "vitest";
import {
  newestTabletId,
  staffClient,
  tabletClient,
  useCatalogWorld,
  visitor,
} from "../../test/fixtures.ts";
import { type Client } from "../../test/world.ts";
import { autoSignOut } from "../visits/auto-sign-out.ts";

/**
 * The audit log: each change writes its row in the same statement or transaction as the change,
 * with who did it; a change that fails writes none; audit.list reads it (admin only).
 */

const site = useCatalogWorld();

const db = () => site.world.services.db.kysely;
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
  const user = await site.world.createUser();
  const client = site.world.client();
  await client.login(user.email, user.password);
  return { client, id: user.id };
}

async function tabletWithId(locationId: number): Promise<{ client: Client; id: number }> {
  const client = await tabletClient(site.world, locationId);
  return { client, id: await newestTabletId(site.world, locationId) };
}

describe("the audit log records", () => {
  it("a tablet's sign-in and sign-out as the tablet's, once: a replayed Idempotency-Key and a second sign-out record nothing", async () => {
    const { main, pantry } = site.catalog;
    const tablet = await tabletWithId(main.id);
    const body = visitor(main.id, pantry.id, { FirstName: "Ana", LastName: "Secret" });
    const first = await tablet.client.call((api) => api.visits.create(body), {
      headers: { "idempotency-key": "audit-1" },
    });
    const replay = await tablet.client.call((api) => api.visits.create(body), {
      headers: { "idempotency-key": "audit-1" },
    });
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
      // The actor says it was a tablet; never the visitor's name or phone.
      details: {},
    });

    const unkeyed = await tablet.client.call((api) =>
      api.visits.create(visitor(main.id, pantry.id)),
    );
    expect(await rows("visit.sign_in", unkeyed.json.id)).toMatchObject([
      { actor: "tablet", tablet_id: tablet.id },
    ]);

    expect((await tablet.client.call((api) => api.visits.signOut({ id }))).status).toBe(200);
    expect((await tablet.client.call((api) => api.visits.signOut({ id }))).status).toBe(200);
    expect(await rows("visit.sign_out", id)).toMatchObject([
      { actor: "tablet", tablet_id: tablet.id, location_id: main.id, details: { by: "visitor" } },
    ]);
  });

  it("staff signing visitors in and out as that staff member's", async () => {
    const { east, jobs } = site.catalog;
    const staff = await staffWithId();
    const visit = await staff.client.call((api) => api.visits.create(visitor(east.id, jobs.id)));
    expect(visit.status).toBe(201);
    expect(await rows("visit.sign_in", visit.json.id)).toMatchObject([
      { actor: "user", user_id: staff.id, tablet_id: null, location_id: east.id },
    ]);
    // The on-site page's sign-out is this same call.
    expect(
      (await staff.client.call((api) => api.visits.signOut({ id: visit.json.id }))).status,
    ).toBe(200);
    expect(await rows("visit.sign_out", visit.json.id)).toMatchObject([
      { actor: "user", user_id: staff.id, details: { by: "staff" } },
    ]);
  });

  it("the automatic sign-out as the system's, one row per visit it ends", async () => {
    const { east, jobs } = site.catalog;
    const tablet = await tabletClient(site.world, east.id);
    const visits = await Promise.all(
      [1, 2].map(() => tablet.call((api) => api.visits.create(visitor(east.id, jobs.id)))),
    );
    expect(
      (await site.admin.call((api) => api.locations.update({ id: east.id, MaxStayHours: 1 })))
        .status,
    ).toBe(200);
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
      (await site.admin.call((api) => api.locations.update({ id: east.id, MaxStayHours: null })))
        .status,
    ).toBe(200);
  });

  it("a forgotten visit ended by the same phone's next sign-in as the system's, and the sign-in as the tablet's", async () => {
    const { main, pantry } = site.catalog;
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
    const fresh = await tablet.client.call((api) => api.visits.create(body));
    expect(fresh.status).toBe(201);
    expect(await rows("visit.sign_out", old.id)).toMatchObject([
      { actor: "system", details: { by: "auto" } },
    ]);
    expect(await rows("visit.sign_in", fresh.json.id)).toMatchObject([
      { actor: "tablet", tablet_id: tablet.id },
    ]);
  });

  it("a visit's edit with the names of the fields that changed, never a visitor's name or phone; its deletion by the admin", async () => {
    const { main, tutoring } = site.catalog;
    const staff = await staffWithId();
    const visit = (
      await staff.client.call((api) => api.visits.create(visitor(main.id, tutoring.id)))
    ).json;
    const edit = await staff.client.call((api) =>
      api.visits.update({
        id: visit.id,
        FirstName: "Zelda",
        PhoneNumber: "415-555-0199",
        Temperature: visit.Temperature,
      }),
    );
    expect(edit.status).toBe(200);
    const edits = await rows("visit.update", visit.id);
    expect(edits).toMatchObject([
      { actor: "user", user_id: staff.id, details: { fields: ["FirstName", "PhoneNumber"] } },
    ]);
    expect(JSON.stringify(edits)).not.toMatch(/Zelda|4155550199|Grace|Hopper/);
    // Nothing changed, nothing recorded.
    expect(
      (await staff.client.call((api) => api.visits.update({ id: visit.id, FirstName: "Zelda" })))
        .status,
    ).toBe(200);
    expect(await rows("visit.update", visit.id)).toHaveLength(1);

    expect((await site.admin.call((api) => api.visits.remove({ id: visit.id }))).status).toBe(200);
    expect(await rows("visit.delete", visit.id)).toMatchObject([
      { actor: "user", subject_type: "visit", location_id: main.id },
    ]);
  });

  it("locations and programs created, changed (field names) and deleted or archived", async () => {
    const admin = site.admin;
    const program = (
      await admin.call((api) => api.programs.create({ Name: "Audit Class", LocationIds: [] }))
    ).json;
    const location = (
      await admin.call((api) => api.locations.create({ Name: "Audit Hall", ProgramIds: [] }))
    ).json;
    expect(await rows("program.create", program.id)).toMatchObject([
      { actor: "user", subject_type: "program", details: { name: "Audit Class" } },
    ]);
    expect(await rows("location.create", location.id)).toMatchObject([
      { actor: "user", location_id: location.id, details: { name: "Audit Hall" } },
    ]);

    // Name sent unchanged: only what changed is named. Reordering the tabs is a change of ProgramIds.
    await admin.call((api) =>
      api.locations.update({
        id: location.id,
        Name: "Audit Hall",
        Address: "9 Elm St",
        ProgramIds: [program.id, site.catalog.pantry.id],
      }),
    );
    await admin.call((api) =>
      api.locations.update({ id: location.id, ProgramIds: [site.catalog.pantry.id, program.id] }),
    );
    await admin.call((api) => api.programs.update({ id: program.id, Name: "Audit Course" }));
    expect((await rows("location.update", location.id)).map((r) => r.details)).toEqual([
      { fields: ["Address", "ProgramIds"] },
      { fields: ["ProgramIds"] },
    ]);
    expect((await rows("program.update", program.id)).map((r) => r.details)).toEqual([
      { name: "Audit Course", fields: ["Name"] },
    ]);

    const tablet = await tabletClient(site.world, location.id);
    await tablet.call((api) => api.visits.create(visitor(location.id, program.id)));
    expect((await admin.call((api) => api.locations.remove({ id: location.id }))).status).toBe(200);
    expect(await rows("location.delete", location.id)).toMatchObject([
      { details: { name: "Audit Hall", archived: true } },
    ]);
    const unused = (
      await admin.call((api) => api.programs.create({ Name: "Audit Unused", LocationIds: [] }))
    ).json;
    expect((await admin.call((api) => api.programs.remove({ id: unused.id }))).status).toBe(200);
    expect(await rows("program.delete", unused.id)).toMatchObject([
      { details: { name: "Audit Unused", archived: false } },
    ]);
  });

  it("users invited, deactivated, reactivated, made admin and no longer admin, with the subject's email", async () => {
    const admin = site.admin;
    const invite = await admin.call((api) =>
      api.invites.create({ firstName: "Iris", email: "iris.audit@example.org" }),
    );
    expect(invite.status).toBe(201);
    expect((await rows("user.invite")).at(-1)).toMatchObject({
      actor: "user",
      subject_type: "invite",
      details: { email: "iris.audit@example.org" },
    });

    const user = await site.world.createUser({ email: "sam.audit@example.org" });
    for (const change of [
      { isActive: false },
      { isActive: false },
      { isActive: true },
      { isAdmin: true },
      { isAdmin: false },
    ]) {
      expect((await admin.call((api) => api.users.update({ id: user.id, ...change }))).status).toBe(
        200,
      );
    }
    // Deactivating twice records the first only; a profile edit records nothing.
    await admin.call((api) => api.users.update({ id: user.id, firstName: "Samuel" }));
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
    const { main } = site.catalog;
    const staff = await staffWithId();
    expect((await staff.client.call((api) => api.locations.setup({ id: main.id }))).status).toBe(
      200,
    );
    const tabletId = await newestTabletId(site.world);
    expect(await rows("tablet.setup", tabletId)).toMatchObject([
      { actor: "user", user_id: staff.id, location_id: main.id },
    ]);
    const other = await staffWithId();
    expect((await other.client.call((api) => api.tablets.revoke({ id: tabletId }))).status).toBe(
      200,
    );
    expect((await other.client.call((api) => api.tablets.revoke({ id: tabletId }))).status).toBe(
      200,
    );
    expect(await rows("tablet.disconnect", tabletId)).toMatchObject([
      { actor: "user", user_id: other.id, location_id: main.id },
    ]);
  });
});

describeOnPostgres("sign-outs at the same moment on PostgreSQL", () => {
  it("record one sign-out, whoever wins: the tablet's and the staff member's racing for one visit", async () => {
    const { main, pantry } = site.catalog;
    const tablet = await tabletWithId(main.id);
    const staff = await staffWithId();
    const visit = await tablet.client.call((api) => api.visits.create(visitor(main.id, pantry.id)));
    const id = visit.json.id as number;
    // Hold the visit's row so both sign-outs start, see it open, and wait for it.
    const answers = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`select 1 from visits where id = ${id} for update`.execute(trx);
        const racing = [
          tablet.client.call((api) => api.visits.signOut({ id })),
          staff.client.call((api) => api.visits.signOut({ id })),
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
    const { main, east, pantry, jobs } = site.catalog;
    const tablet = await tabletClient(site.world, main.id);
    const staff = await staffClient(site.world);
    const before = await count();
    // Program not offered here: 422, from a tablet and from staff.
    expect((await tablet.call((api) => api.visits.create(visitor(main.id, jobs.id)))).status).toBe(
      422,
    );
    expect(
      (
        await staff.call((api) => api.visits.create(visitor(main.id, jobs.id)), {
          headers: { "idempotency-key": "refused" },
        })
      ).status,
    ).toBe(422);
    expect(await count()).toBe(before);

    const body = visitor(main.id, pantry.id);
    expect((await tablet.call((api) => api.visits.create(body))).status).toBe(201);
    const afterSignIn = await count();
    expect((await tablet.call((api) => api.visits.create(body))).status).toBe(409);
    const other = (await tablet.call((api) => api.visits.create(visitor(main.id, pantry.id)))).json;
    const afterOther = await count();
    expect(afterOther).toBe(afterSignIn + 1);
    expect(
      (
        await staff.call((api) =>
          api.visits.update({ id: other.id, PhoneNumber: body.PhoneNumber }),
        )
      ).status,
    ).toBe(409);

    // The location's fields are written first in its transaction; the unknown logo rolls them back with the audit row.
    const bad = await site.admin.call((api) =>
      api.locations.update({ id: east.id, Name: "Renamed", Logo: "no-such-upload" }),
    );
    expect(bad.status).toBe(422);
    expect((await site.admin.call((api) => api.locations.get({ id: east.id }))).json.Name).toBe(
      "Eastside",
    );
    expect(await count()).toBe(afterOther);
  });
});

describe("audit.list", () => {
  it("is the admin's: staff 403, a tablet 403, nobody 401", async () => {
    expect((await (await staffClient(site.world)).call((api) => api.audit.list({}))).status).toBe(
      403,
    );
    expect(
      (
        await (
          await tabletClient(site.world, site.catalog.main.id)
        ).call((api) => api.audit.list({}))
      ).status,
    ).toBe(403);
    expect((await site.world.client().call((api) => api.audit.list({}))).status).toBe(401);
  });

  it("lists newest first with who (name, tablet's location), what, where and details", async () => {
    const { main, pantry } = site.catalog;
    const tablet = await tabletWithId(main.id);
    const visit = (
      await tablet.client.call((api) => api.visits.create(visitor(main.id, pantry.id)))
    ).json;
    const res = await site.admin.call((api) =>
      api.audit.list({ action: "visit.sign_in", locationId: main.id }),
    );
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
    await staff.client.call((api) => api.visits.signOut({ id: visit.id }));
    const byStaff = await site.admin.call((api) => api.audit.list({ userId: staff.id }));
    expect(byStaff.json).toHaveLength(1);
    expect(byStaff.json[0].actor).toMatchObject({
      kind: "user",
      userId: staff.id,
      name: expect.any(String),
      email: expect.stringContaining("@"),
    });
  });

  it("filters by several actions, location, person and calendar days in a time zone", async () => {
    const all = await site.admin.call((api) =>
      api.audit.list({ action: "visit.sign_in,visit.sign_out" }),
    );
    const actions = new Set((all.json as Array<{ action: string }>).map((e) => e.action));
    expect([...actions].sort()).toEqual(["visit.sign_in", "visit.sign_out"]);
    const total = Number(all.headers["X-Total-Count"]);
    const [signIns, signOuts] = await Promise.all(
      ["visit.sign_in", "visit.sign_out"].map(async (a) =>
        Number(
          (await site.admin.call((api) => api.audit.list({ action: a }))).headers["X-Total-Count"],
        ),
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
      site.admin.call((api) =>
        api.audit.list({ action: "retention.run", from: day, to: day, timeZone: zone }),
      );
    expect((await on("2026-03-01", "UTC")).json).toHaveLength(1);
    expect((await on("2026-03-02", "UTC")).json).toHaveLength(0);
    expect((await on("2026-03-02", "Asia/Tokyo")).json).toHaveLength(1);

    // One location's entries: a sign-in there is listed, one at another location is not.
    const { east, main, jobs, pantry } = site.catalog;
    const atEast = await (
      await tabletClient(site.world, east.id)
    ).call((api) => api.visits.create(visitor(east.id, jobs.id)));
    const atMain = await (
      await tabletClient(site.world, main.id)
    ).call((api) => api.visits.create(visitor(main.id, pantry.id)));
    const [eastEntry] = await rows("visit.sign_in", atEast.json.id);
    const [mainEntry] = await rows("visit.sign_in", atMain.json.id);
    const listed = (await site.admin.call((api) => api.audit.list({ locationId: east.id })))
      .json as Array<{
      id: number;
      location: { id: number } | null;
    }>;
    expect(listed.map((e) => e.id)).toContain(eastEntry!.id);
    expect(listed.map((e) => e.id)).not.toContain(mainEntry!.id);
    expect(listed.filter((e) => e.location?.id !== east.id)).toEqual([]);
  });

  it("pages by 25 with Link and X-Total-Count, as the other lists", async () => {
    const first = await site.admin.call((api) => api.audit.list({}), { url: "/api/audit" });
    const total = Number(first.headers["X-Total-Count"]);
    expect(total).toBeGreaterThan(25);
    expect(first.json).toHaveLength(25);
    expect(first.headers.Link).toContain('rel="next"');
    const second = await site.admin.call((api) => api.audit.list({ page: 2 }), {
      url: "/api/audit?page=2",
    });
    expect(second.json[0].id).toBeLessThan(first.json[24].id);
    expect(second.headers.Link).toContain('rel="prev"');
    // The web app's page carries the same total.
    const page = await site.admin.call((api) => api.audit.page({ page: 2 }));
    expect(page.json).toMatchObject({
      total,
      page: 2,
      pageCount: Math.ceil(total / 25),
    });
  });

  // The product counts exactly up to 100,000 (countLimits); this world stops at 1,000.
  it("counts its total as the report does: exact up to the count limit, estimated past that unless exactTotal=true", async () => {
    const config = site.world.services.config;
    config.countLimits = { exactUpTo: 1_000, estimateAbove: 5_000 };
    onTestFinished(() => void delete config.countLimits);
    const seed = (count: number) =>
      sql`insert into audit_log (at, actor, action, details)
          select timestamptz '2020-01-01T00:00:00Z' + g * interval '1 minute', 'system', 'visit.sign_out', '{}'::jsonb
          from generate_series(1, ${count}::int) g`.execute(db());
    const oldDays = { from: "2020-01-01", to: "2020-12-31" };
    await seed(1_000);
    await sql`analyze audit_log`.execute(db());
    const exact = await site.admin.call((api) => api.audit.list(oldDays));
    expect(exact.headers["X-Total-Count"]).toBe("1000");
    expect(exact.headers["X-Total-Count-Estimated"]).toBeUndefined();

    await seed(1);
    const estimated = await site.admin.call((api) => api.audit.list(oldDays));
    expect(estimated.headers["X-Total-Count-Estimated"]).toBe("true");
    expect(Number(estimated.headers["X-Total-Count"])).toBeGreaterThan(1_000);
    const page = await site.admin.call((api) => api.audit.page(oldDays));
    expect(page.json).toMatchObject({ totalEstimated: true });
    const counted = await site.admin.call((api) =>
      api.audit.list({ ...oldDays, exactTotal: "true" }),
    );
    expect(counted.headers["X-Total-Count"]).toBe("1001");
    expect(counted.headers["X-Total-Count-Estimated"]).toBeUndefined();
    await db().deleteFrom("audit_log").where("at", "<", new Date("2021-01-01T00:00:00Z")).execute();
  });

  it("answers junk filters with 422 naming the field", async () => {
    for (const [input, path] of [
      [{ action: "visit.explode" }, "action"],
      [{ action: "visit.sign_in,nope" }, "action"],
      [{ userId: "abc" }, "userId"],
      [{ from: "2026-02-30" }, "from"],
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ page: 0 }, "page"],
    ] as const) {
      const res = await site.admin.call((api) => api.audit.list(input as never));
      expect(res.status, JSON.stringify(input)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });
});
