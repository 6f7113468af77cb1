import { sql } from "kysely";
import { retentionStatus, runRetention } from "./retention.ts";
import { describe, expect, it } from "vitest";
import { staffClient, useCatalogWorld } from "../../test/fixtures.ts";
import { visitorDetailKeys } from "../kernel/visitor-details.ts";

const site = useCatalogWorld();
const DAY = 24 * 60 * 60 * 1000;
let phones = 0;

/** An answer to an intake question, as a visit keeps it: personal, erased with the names. */
const answers = {
  "1": { value: "94110", Label: { en: "ZIP code", es: "Código postal" }, Choices: [] },
};

/** A visit written straight into the table, begun `daysAgo` days before `now`. */
async function oldVisit(
  now: Date,
  daysAgo: number,
  options: { open?: boolean; phone?: string; locationId?: number } = {},
) {
  const timeIn = new Date(now.getTime() - daysAgo * DAY);
  return site.world.services.db.kysely
    .insertInto("visits")
    .values({
      first_name: "Maria",
      last_name: "Lopez",
      phone_number: options.phone ?? String(4155700000 + ++phones),
      temperature: "98.6",
      location_id: options.locationId ?? site.catalog.east.id,
      program_id: site.catalog.jobs.id,
      time_in: timeIn,
      time_out: options.open ? null : new Date(timeIn.getTime() + 3600_000),
      answers: JSON.stringify(answers),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const visitRow = (id: number) =>
  site.world.services.db.kysely
    .selectFrom("visits")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const auditRows = (action: string) =>
  site.world.services.db.kysely
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", action)
    .orderBy("id")
    .execute();

describe("retention", () => {
  it("is off by default: a run erases nothing and the settings say so", async () => {
    expect((await site.admin.call((api) => api.settings.get())).json).toEqual({
      eraseAfterDays: null,
      retentionRule: "days",
      nextRunErases: 0,
      lastRunAt: null,
    });
    const now = new Date();
    const visit = await oldVisit(now, 400);
    expect(await runRetention(site.world.services.db.kysely, now)).toEqual({
      erased: 0,
      retention: null,
    });
    expect((await visitRow(visit.id)).first_name).toBe("Maria");
  });

  it("erases names, phone and temperature of visits older than N days, keeping what counts need; the page's number is what the run erases", async () => {
    const db = site.world.services.db.kysely;
    // The clock the job would run at: the day after the last visit below.
    const now = new Date(Date.now() + 5 * DAY);
    const old = [await oldVisit(now, 31), await oldVisit(now, 45)];
    const stillOpen = await oldVisit(now, 40, { open: true });
    const recent = await oldVisit(now, 29);
    const reportTotal = async () =>
      Number(
        (await site.admin.call((api) => api.visits.list({ locationId: site.catalog.east.id })))
          .headers["X-Total-Count"],
      );
    const totalBefore = await reportTotal();

    const set = await site.admin.call((api) => api.settings.update({ eraseAfterDays: 30 }));
    expect(set.status).toBe(200);
    expect(set.json.eraseAfterDays).toBe(30);
    // Counted at the server's clock (now), the 400-day-old visit of the first test is one of them too.
    const counted = (await site.admin.call((api) => api.settings.get())).json.nextRunErases;
    expect(counted).toBeGreaterThanOrEqual(1);

    const firstRun = await runRetention(db, now);
    // Everything older than 30 days at `now`: the two visits here, and the earlier test's.
    expect(firstRun).toEqual({ erased: 3, retention: { rule: "days", days: 30 } });
    for (const visit of old) {
      const row = await visitRow(visit.id);
      expect(row).toMatchObject({
        first_name: "",
        last_name: "",
        phone_number: "",
        temperature: "",
        answers: {},
        erased_at: now,
      });
      // Date, place, program and times stay.
      expect(row).toMatchObject({
        time_in: visit.time_in,
        time_out: visit.time_out,
        location_id: visit.location_id,
        program_id: visit.program_id,
      });
    }
    expect((await visitRow(stillOpen.id)).first_name).toBe("Maria");
    expect((await visitRow(recent.id)).phone_number).toBe(recent.phone_number);
    expect((await visitRow(recent.id)).answers).toEqual(answers);
    expect(await reportTotal()).toBe(totalBefore);

    // Nothing is left to erase; the run and the setting are in the audit log, with no one's details.
    expect(await runRetention(db, now)).toEqual({
      erased: 0,
      retention: { rule: "days", days: 30 },
    });
    const runs = await auditRows("retention.run");
    expect(runs.map((r) => [r.actor, r.details.erased])).toEqual([
      ["system", 3],
      ["system", 0],
    ]);
    const settingChanges = await auditRows("settings.update");
    expect(settingChanges.at(-1)).toMatchObject({
      actor: "user",
      details: { eraseAfterDays: { from: null, to: 30 } },
    });
    expect(JSON.stringify(runs)).not.toContain("Maria");
    expect((await site.admin.call((api) => api.settings.get())).json.lastRunAt).toBe(
      now.toISOString(),
    );
  });

  it("two runs at once erase each visit once", async () => {
    const db = site.world.services.db.kysely;
    const now = new Date(Date.now() + 10 * DAY);
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: 30 }));
    await Promise.all([oldVisit(now, 60), oldVisit(now, 61)]);
    const due = (await retentionStatus(db, now)).nextRunErases;
    expect(due).toBeGreaterThanOrEqual(2);
    const runs = await Promise.all([runRetention(db, now), runRetention(db, now)]);
    expect(runs.map((run) => run.erased).sort((x, y) => x - y)).toEqual([0, due]);
  });

  it("an admin's 'erase now' runs it at once, logged as that admin; off, it erases nothing", async () => {
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: 30 }));
    const visit = await oldVisit(new Date(), 31);
    const res = await site.admin.call((api) => api.settings.runRetention({}));
    expect(res.status).toBe(200);
    expect(res.json.erased).toBeGreaterThanOrEqual(1);
    expect((await visitRow(visit.id)).first_name).toBe("");
    expect((await auditRows("retention.run")).at(-1)).toMatchObject({
      actor: "user",
      details: { erased: res.json.erased },
    });
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: null }));
    expect((await site.admin.call((api) => api.settings.runRetention({}))).json).toEqual({
      erased: 0,
    });
  });

  it("validates the setting and turns it off with null", async () => {
    for (const eraseAfterDays of [0, 1, 29, 1.5, "thirty", 40000]) {
      const res = await site.admin.call((api) => api.settings.update({ eraseAfterDays } as never));
      expect(res.status).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["eraseAfterDays"]);
    }
    // 0 or 1 would blank nearly everyone's details at the next run: a month at least.
    const zero = await site.admin.call((api) => api.settings.update({ eraseAfterDays: 0 }));
    expect(zero.json.errors).toEqual([
      expect.objectContaining({ path: "eraseAfterDays", message: "Days must be at least 30" }),
    ]);
    const off = await site.admin.call((api) => api.settings.update({ eraseAfterDays: null }));
    expect(off.json).toMatchObject({ eraseAfterDays: null, nextRunErases: 0 });
  });

  it("counts before it is saved what a period would erase, as the saved setting then counts it, saving nothing", async () => {
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: null }));
    await oldVisit(new Date(), 700);
    await oldVisit(new Date(), 650, { open: true });
    const changesBefore = (await auditRows("settings.update")).length;
    const preview = await site.admin.call((api) =>
      api.settings.retentionPreview({ eraseAfterDays: 600 }),
    );
    expect(preview.status).toBe(200);
    expect(preview.json.eraseAfterDays).toBe(600);
    expect(preview.json.erases).toBeGreaterThanOrEqual(1);
    const before = Date.parse(preview.json.before);
    expect(Math.abs(before - (Date.now() - 600 * DAY))).toBeLessThan(60_000);
    // Nothing changed by asking.
    expect((await site.admin.call((api) => api.settings.get())).json.eraseAfterDays).toBeNull();
    expect((await auditRows("settings.update")).length).toBe(changesBefore);

    const saved = await site.admin.call((api) => api.settings.update({ eraseAfterDays: 600 }));
    expect(saved.json.nextRunErases).toBe(preview.json.erases);
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: null }));
  });

  it("refuses a period the setting would refuse, by its field, and only for admins", async () => {
    for (const eraseAfterDays of [0, 29, -5, "0", "1.5", "x", 40000]) {
      const res = await site.admin.call((api) => api.settings.retentionPreview({ eraseAfterDays }));
      expect(res.status, String(eraseAfterDays)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["eraseAfterDays"]);
    }
    // As a query string carries it.
    const digits = await site.admin.call((api) =>
      api.settings.retentionPreview({ eraseAfterDays: "45" }),
    );
    expect(digits.json.eraseAfterDays).toBe(45);
    const staff = await staffClient(site.world);
    expect(
      (await staff.call((api) => api.settings.retentionPreview({ eraseAfterDays: 45 }))).status,
    ).toBe(403);
  });

  it("kept until three years after the federal fiscal year closes: a run erases the visits of the fiscal years past that, from 1 October on", async () => {
    const db = site.world.services.db.kysely;
    const both = await site.admin.call((api) =>
      api.settings.update({ eraseAfterDays: 400, retentionRule: "federal_fiscal_year" }),
    );
    expect(both.json.errors.map((e: { path: string }) => e.path)).toEqual(["eraseAfterDays"]);
    const set = await site.admin.call((api) =>
      api.settings.update({ eraseAfterDays: null, retentionRule: "federal_fiscal_year" }),
    );
    expect(set.json).toMatchObject({ eraseAfterDays: null, retentionRule: "federal_fiscal_year" });
    // Fiscal 2013 (kept through 30 September 2016) and fiscal 2014; every other visit here is later.
    const fiscal2013 = await oldVisit(new Date("2012-11-02T15:00:00Z"), 0);
    const fiscal2014 = await oldVisit(new Date("2013-11-02T15:00:00Z"), 0);
    const rule = { rule: "federal_fiscal_year" };
    expect(await runRetention(db, new Date("2016-09-30T12:00:00Z"))).toEqual({
      erased: 0,
      retention: rule,
    });
    expect(await runRetention(db, new Date("2016-10-01T12:00:00Z"))).toEqual({
      erased: 1,
      retention: rule,
    });
    expect((await visitRow(fiscal2013.id)).first_name).toBe("");
    expect((await visitRow(fiscal2014.id)).first_name).toBe("Maria");
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: null }));
  });
});

describe("a request to be forgotten", () => {
  it("exports one phone's visits, then erases them all (an open one ends), both in the audit log without the phone", async () => {
    const now = new Date();
    const phone = "4155788888";
    const closed = await oldVisit(now, 3, { phone });
    const open = await oldVisit(now, 0, { phone, open: true, locationId: site.catalog.main.id });
    const someoneElse = await oldVisit(now, 3);

    const exported = await site.admin.call((api) =>
      api.visitors.export({ phoneNumber: "(415) 578-8888" }),
    );
    expect(exported.status).toBe(200);
    expect(exported.json.visits.map((v: { id: number }) => v.id)).toEqual([closed.id, open.id]);
    expect(exported.json.visits[0]).toMatchObject({
      FirstName: "Maria",
      PhoneNumber: phone,
      Answers: { "1": "94110" },
      Location: { id: site.catalog.east.id, Name: "Eastside" },
    });

    const forgotten = await site.admin.call((api) => api.visitors.forget({ phoneNumber: phone }));
    expect(forgotten.json).toEqual({ erased: 2 });
    for (const id of [closed.id, open.id])
      expect(await visitRow(id)).toMatchObject({
        first_name: "",
        phone_number: "",
        temperature: "",
        answers: {},
      });
    expect((await visitRow(open.id)).time_out).not.toBeNull();
    expect((await visitRow(someoneElse.id)).first_name).toBe("Maria");
    expect(
      (await site.admin.call((api) => api.visitors.export({ phoneNumber: phone }))).json.visits,
    ).toEqual([]);

    const logged = [...(await auditRows("visitor.export")), ...(await auditRows("visitor.forget"))];
    expect(logged.map((r) => [r.action, r.actor, r.details])).toEqual([
      ["visitor.export", "user", { visits: 2 }],
      ["visitor.export", "user", { visits: 0 }],
      ["visitor.forget", "user", { erased: 2 }],
    ]);
    // The phone in any form (a bare "578" also turns up in a time's milliseconds).
    expect(JSON.stringify(logged)).not.toMatch(/578\D?8888/);
  });

  it("signs a forgotten person's open visit out as staff, now, and leaves an ended visit's time out and who as they were", async () => {
    const now = new Date();
    const phone = "4155799999";
    const closed = await oldVisit(now, 2, { phone });
    await site.world.services.db.kysely
      .updateTable("visits")
      .set({ signed_out_by: "visitor" })
      .where("id", "=", closed.id)
      .execute();
    const open = await oldVisit(now, 0, { phone, open: true, locationId: site.catalog.main.id });

    expect(
      (await site.admin.call((api) => api.visitors.forget({ phoneNumber: phone }))).json,
    ).toEqual({
      erased: 2,
    });
    const signedOut = await visitRow(open.id);
    expect(signedOut).toMatchObject({ signed_out_by: "staff", erased_at: expect.any(Date) });
    expect(signedOut.time_out).toEqual(signedOut.erased_at);
    expect(await visitRow(closed.id)).toMatchObject({
      signed_out_by: "visitor",
      time_out: closed.time_out,
    });
    // Nobody forgotten is left on the roll call.
    const onSite = (
      await site.admin.call((api) => api.visits.open({ locationId: site.catalog.main.id }))
    ).json as Array<{ id: number }>;
    expect(onSite.map((v) => v.id)).not.toContain(open.id);
  });

  it("keeps a forgotten visit forgotten: a PATCH refilling its details answers 422 naming each field, and changes nothing", async () => {
    const phone = "4155798888";
    const visit = await oldVisit(new Date(), 5, { phone });
    await site.admin.call((api) => api.visitors.forget({ phoneNumber: phone }));
    const erased = await visitRow(visit.id);

    const refill = await site.admin.call((api) =>
      api.visits.update({
        id: visit.id,
        FirstName: "Maria",
        PhoneNumber: phone,
        Answers: { "1": "94110" },
      }),
    );
    const message = "This visit's personal details were erased and cannot be filled in again";
    expect(refill.status).toBe(422);
    const keyed = { message, key: "erasedVisit", values: {} };
    expect(refill.json).toEqual({
      status: 422,
      ...keyed,
      errors: [
        { path: "FirstName", ...keyed },
        { path: "PhoneNumber", ...keyed },
        { path: "Answers", ...keyed },
      ],
    });
    expect(await visitRow(visit.id)).toEqual(erased);
    // Sending nothing to change is still fine.
    const nothing = await site.admin.call((api) => api.visits.update({ id: visit.id }));
    expect(nothing.status).toBe(200);
    expect(nothing.json).toMatchObject({ FirstName: "", PhoneNumber: "" });
  });

  it("refuses a malformed phone number with a 422", async () => {
    const res = await site.admin.call((api) => api.visitors.forget({ phoneNumber: "12" }));
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["phoneNumber"]);
  });
});

describe("a visitor's details", () => {
  // The database's list is SQL (its trigger strips an erased visit's events) and cannot import
  // kernel/visitor-details.ts: held equal here, so a detail added to one is added to both.
  it("are what erasure blanks and what the database strips from an erased visit's events", async () => {
    const { rows } = await sql<{
      keys: string[];
    }>`select webhook_personal_keys() as keys`.execute(site.world.services.db.kysely);
    expect(rows[0]?.keys).toEqual([...visitorDetailKeys]);
  });
});
