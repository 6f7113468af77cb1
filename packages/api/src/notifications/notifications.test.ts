import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { mailsTo } from "../../test/mail.ts";
import { insertVisits } from "../../test/visit-rows.ts";
import type { Client } from "../../test/world.ts";
import type { MailMessage } from "../kernel/services.ts";
import { fanOutEvents } from "../webhooks/fan-out.ts";
import { sendDailySummaries, zoneDay } from "./daily-summary.ts";
import { alertClaimLeaseMs, alertGroupingMs, sendStaffAlerts } from "./sending.ts";

const site = useCatalogWorld();
const db = () => site.world.services.db.kysely;
const services = () => site.world.services;

// The pantry has a Spanish name, Tutoring none (a Spanish reader sees its English one).
beforeAll(async () => {
  const res = await site.admin.call((api) =>
    api.programs.update({ id: site.catalog.pantry.id, NameEs: "Despensa de alimentos" }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
});

/** A staff member logged in, with their e-mail, and their alerts as given. */
async function staffWith(settings: {
  signIns?: Array<{ locationId: number; programId: number }>;
  dailySummary?: boolean;
  language?: "en" | "es";
}) {
  const user = await site.world.createUser();
  const client = site.world.client();
  await client.login(user.email, user.password);
  if (settings.language)
    await client.call((api) => api.users.update({ id: user.id, language: settings.language }));
  const res = await client.call((api) =>
    api.notifications.update({
      signIns: settings.signIns ?? [],
      dailySummary: settings.dailySummary ?? false,
    }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { ...user, client };
}

const deactivate = (id: number) =>
  site.admin.call((api) => api.users.update({ id, isActive: false }));

const later = (ms: number) => new Date(Date.now() + ms);
/** Fans out what was written, then mails what is due at `now`, as the server does. */
const sendAlerts = async (now: Date, mailer = services().mailer) => {
  await fanOutEvents(db());
  return sendStaffAlerts(db(), mailer, services().config, now, { error: () => undefined });
};

describe("a person's e-mail alerts", () => {
  it("start empty, are replaced whole by PUT, and read back as saved", async () => {
    const { main, east, tutoring, jobs } = site.catalog;
    const me = await staffWith({});
    expect((await me.client.call((api) => api.notifications.get())).json).toEqual({
      signIns: [],
      dailySummary: false,
    });
    const pairs = [
      { locationId: main.id, programId: tutoring.id },
      { locationId: east.id, programId: jobs.id },
    ];
    const put = await me.client.call((api) =>
      api.notifications.update({ signIns: [...pairs, pairs[0]!], dailySummary: true }),
    );
    expect(put.status).toBe(200);
    const read = (await me.client.call((api) => api.notifications.get())).json;
    expect(read.dailySummary).toBe(true);
    expect(read.signIns).toHaveLength(2);
    expect(read.signIns).toEqual(expect.arrayContaining(pairs));
  });

  it("refuses a location or program that does not exist with a 422 at its path, changing nothing", async () => {
    const { main, tutoring } = site.catalog;
    const me = await staffWith({
      signIns: [{ locationId: main.id, programId: tutoring.id }],
      dailySummary: true,
    });
    const res = await me.client.call((api) =>
      api.notifications.update({
        signIns: [
          { locationId: main.id, programId: tutoring.id },
          { locationId: main.id, programId: 999_999 },
        ],
        dailySummary: false,
      }),
    );
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([
      { path: "signIns.1.programId", message: "No such program", key: "noSuchProgram", values: {} },
    ]);
    const noPlace = await me.client.call((api) =>
      api.notifications.update({
        signIns: [{ locationId: 999_999, programId: tutoring.id }],
        dailySummary: false,
      }),
    );
    expect(noPlace.json.errors).toEqual([
      {
        path: "signIns.0.locationId",
        message: "No such location",
        key: "noSuchLocation",
        values: {},
      },
    ]);
    expect((await me.client.call((api) => api.notifications.get())).json).toEqual({
      signIns: [{ locationId: main.id, programId: tutoring.id }],
      dailySummary: true,
    });
  });
});

describe("sign-in alerts", () => {
  let tablet: Client;
  beforeAll(async () => {
    tablet = await tabletClient(site.world, site.catalog.main.id);
  });
  beforeEach(async () => {
    // Each test's subscribers alone.
    await db().deleteFrom("staff_alert_subscriptions").execute();
    await db().deleteFrom("staff_alerts").execute();
  });

  const signIn = async (programId: number, overrides: Record<string, unknown> = {}) => {
    const sent = visitor(site.catalog.main.id, programId, overrides);
    const res = await tablet.call((api) => api.visits.create(sent));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return sent;
  };

  it("mails each subscriber one e-mail for the sign-ins that arrived together, in their language, without phone numbers; a deactivated one nothing", async () => {
    const { main, tutoring, pantry } = site.catalog;
    const tutors = await staffWith({ signIns: [{ locationId: main.id, programId: tutoring.id }] });
    const pantryLead = await staffWith({
      signIns: [{ locationId: main.id, programId: pantry.id }],
      language: "es",
    });
    const gone = await staffWith({ signIns: [{ locationId: main.id, programId: tutoring.id }] });
    const left = await staffWith({ signIns: [{ locationId: main.id, programId: tutoring.id }] });
    await deactivate(gone.id);

    const visitors = [
      await signIn(tutoring.id, { FirstName: "Ada", LastName: "lovelace" }),
      await signIn(tutoring.id, { FirstName: "Alan", LastName: "Turing" }),
      await signIn(pantry.id, { FirstName: "Grace", LastName: "Hopper" }),
    ];
    // Deactivated after the sign-ins: their waiting alerts are dropped, not sent.
    await deactivate(left.id);

    // Within the grouping window nothing goes: others may be arriving.
    expect((await sendAlerts(later(0))).sent).toBe(0);
    const run = await sendAlerts(later(alertGroupingMs + 1000));
    expect(run.sent).toBe(2);

    const [toTutors, ...moreToTutors] = mailsTo(site.world, tutors.email);
    expect(moreToTutors).toEqual([]);
    expect(toTutors!.subject).toBe("2 people signed in");
    expect(toTutors!.text).toContain("Ada L., Tutoring at Main Street,");
    expect(toTutors!.text).toContain("Alan T., Tutoring at Main Street,");
    expect(toTutors!.text).not.toContain("Grace");

    const [toPantry, ...moreToPantry] = mailsTo(site.world, pantryLead.email);
    expect(moreToPantry).toEqual([]);
    expect(toPantry!.subject).toBe("Grace H. se registró en Despensa de alimentos en Main Street");
    expect(toPantry!.text).toContain("Grace H., Despensa de alimentos en Main Street,");

    for (const mail of [toTutors!, toPantry!])
      for (const v of visitors) {
        const digits = v.PhoneNumber.replace(/\D/g, "");
        expect(mail.text.replace(/\D/g, "")).not.toContain(digits);
        expect(mail.html.replace(/\D/g, "")).not.toContain(digits);
      }
    expect(mailsTo(site.world, gone.email)).toEqual([]);
    expect(mailsTo(site.world, left.email)).toEqual([]);

    // Sent is gone from the outbox: a second sender (a restart) sends nothing again.
    expect((await sendAlerts(later(10 * 60_000))).sent).toBe(0);
    expect(await db().selectFrom("staff_alerts").select("id").execute()).toEqual([]);
  });

  it("mails nothing of a location to a subscriber whose access was narrowed away from it", async () => {
    const { main, east, tutoring } = site.catalog;
    const moved = await staffWith({ signIns: [{ locationId: main.id, programId: tutoring.id }] });
    const stays = await staffWith({ signIns: [{ locationId: main.id, programId: tutoring.id }] });
    const narrowed = await site.admin.call((api) =>
      api.users.update({ id: moved.id, access: [{ locationId: east.id, role: "staff" }] }),
    );
    expect(narrowed.status).toBe(200);
    await signIn(tutoring.id, { FirstName: "Moe" });
    expect((await sendAlerts(later(alertGroupingMs + 1000))).sent).toBe(1);
    expect(mailsTo(site.world, moved.email)).toEqual([]);
    expect(mailsTo(site.world, stays.email)).toHaveLength(1);
  });

  it("names each sign-in's program in the reader's language: its Spanish name for a Spanish reader, else its English one", async () => {
    const { main, tutoring, pantry } = site.catalog;
    const both = [
      { locationId: main.id, programId: pantry.id },
      { locationId: main.id, programId: tutoring.id },
    ];
    const english = await staffWith({ signIns: both });
    const spanish = await staffWith({ signIns: both, language: "es" });
    await signIn(pantry.id, { FirstName: "Mary", LastName: "Jackson" });
    expect((await sendAlerts(later(alertGroupingMs + 1000))).sent).toBe(2);
    const [toSpanish] = mailsTo(site.world, spanish.email);
    expect(toSpanish!.subject).toBe("Mary J. se registró en Despensa de alimentos en Main Street");
    expect(toSpanish!.text).not.toContain("Food Pantry");
    const [toEnglish] = mailsTo(site.world, english.email);
    expect(toEnglish!.subject).toBe("Mary J. signed in for Food Pantry at Main Street");
    expect(toEnglish!.text).not.toContain("Despensa");

    // Together in one e-mail: each line its own program's name, Tutoring's in English.
    await signIn(pantry.id, { FirstName: "Dorothy", LastName: "Vaughan" });
    await signIn(tutoring.id, { FirstName: "Annie", LastName: "Easley" });
    expect((await sendAlerts(later(alertGroupingMs + 1000))).sent).toBe(2);
    const second = mailsTo(site.world, spanish.email)[1]!;
    expect(second.text).toContain("Dorothy V., Despensa de alimentos en Main Street,");
    expect(second.text).toContain("Annie E., Tutoring en Main Street,");
  });

  it("loses nothing when the mail server fails: the claim runs out and the next sender mails it once", async () => {
    const { main, tutoring } = site.catalog;
    const me = await staffWith({ signIns: [{ locationId: main.id, programId: tutoring.id }] });
    await signIn(tutoring.id, { FirstName: "Katherine", LastName: "Johnson" });
    const refusing = {
      send: (_: MailMessage) => Promise.reject(new Error("SMTP down")),
      delivers: true,
    };
    const at = later(alertGroupingMs + 1000);
    expect((await sendAlerts(at, refusing)).sent).toBe(0);
    // Claimed by the failed sender until its lease ends.
    expect((await sendAlerts(new Date(at.getTime() + 1000))).sent).toBe(0);
    expect((await sendAlerts(new Date(at.getTime() + alertClaimLeaseMs + 1000))).sent).toBe(1);
    expect((await sendAlerts(new Date(at.getTime() + 2 * alertClaimLeaseMs))).sent).toBe(0);
    expect(mailsTo(site.world, me.email).map((m) => m.subject)).toEqual([
      "Katherine J. signed in for Tutoring at Main Street",
    ]);
  });
});

describe("the daily summary", () => {
  // Main Street in New York, Eastside in Los Angeles; the day summarised is 10 March 2026 (after
  // both zones' change to summer time), and nothing happened on the 11th.
  const utc = (iso: string) => new Date(iso);
  let reader: Awaited<ReturnType<typeof staffWith>>;
  let spanish: Awaited<ReturnType<typeof staffWith>>;
  let gone: Awaited<ReturnType<typeof staffWith>>;
  let none: Awaited<ReturnType<typeof staffWith>>;
  let eastOnly: Awaited<ReturnType<typeof staffWith>>;

  beforeAll(async () => {
    const { main, east, tutoring, pantry, jobs } = site.catalog;
    // The earlier tests' people asked for it too: this test's readers alone.
    await db().updateTable("users").set({ daily_summary: false }).execute();
    for (const [id, TimeZone] of [
      [main.id, "America/New_York"],
      [east.id, "America/Los_Angeles"],
    ] as const) {
      const res = await site.admin.call((api) => api.locations.update({ id, TimeZone }));
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
    reader = await staffWith({ dailySummary: true });
    spanish = await staffWith({ dailySummary: true, language: "es" });
    gone = await staffWith({ dailySummary: true });
    none = await staffWith({ dailySummary: false });
    // Staff of Eastside alone: Main Street's day is not theirs to read.
    eastOnly = await staffWith({ dailySummary: true });
    const narrowed = await site.admin.call((api) =>
      api.users.update({ id: eastOnly.id, access: [{ locationId: east.id, role: "staff" }] }),
    );
    expect(narrowed.status).toBe(200);
    await deactivate(gone.id);
    const returning = "4150000001";
    await insertVisits(site.world, { locationId: main.id, programId: tutoring.id }, [
      // Came before: not new on the 10th.
      { timeIn: "2026-03-02T15:00:00Z", timeOut: "2026-03-02T16:00:00Z", phone: returning },
      { timeIn: "2026-03-10T14:00:00Z", timeOut: "2026-03-10T15:00:00Z", phone: returning },
      { timeIn: "2026-03-10T18:00:00Z", timeOut: "2026-03-10T19:00:00Z", phone: returning },
      { timeIn: "2026-03-10T20:00:00Z", timeOut: "2026-03-10T21:00:00Z" },
      // 11 p.m. on the 10th in New York (the 11th in UTC).
      { timeIn: "2026-03-11T03:00:00Z", timeOut: "2026-03-11T03:30:00Z", programId: pantry.id },
      // Before midnight of the 9th in New York: not the 10th's.
      { timeIn: "2026-03-10T03:59:00Z", timeOut: "2026-03-10T04:30:00Z" },
    ]);
    await insertVisits(site.world, { locationId: east.id, programId: jobs.id }, [
      { timeIn: "2026-03-10T17:00:00Z", timeOut: "2026-03-10T18:00:00Z" },
    ]);
  });

  const send = (now: Date) =>
    sendDailySummaries(db(), services().mailer, services().config, now, { error: () => undefined });
  const summaries = (email: string) =>
    mailsTo(site.world, email).filter((m) => m.subject.includes("10"));

  it("goes at 7 a.m. in each zone, once, with yesterday's visits, people and new people per location and program", async () => {
    // 6:59 a.m. in New York: nothing yet.
    expect((await send(utc("2026-03-11T10:59:00Z"))).sent).toBe(0);
    // 7 a.m. in New York, 4 a.m. in Los Angeles: Main Street's only.
    expect((await send(utc("2026-03-11T11:00:00Z"))).sent).toBe(2);
    const [first, ...more] = summaries(reader.email);
    expect(more).toEqual([]);
    expect(first!.subject).toBe("Visits on Tuesday, March 10, 2026");
    expect(first!.text).toContain("Main Street: 4 visits, 3 people, 2 new");
    expect(first!.text).toContain("– Tutoring: 3 visits, 2 people, 1 new");
    expect(first!.text).toContain("– Food Pantry: 1 visit, 1 person, 1 new");
    expect(first!.text).not.toContain("Eastside");
    expect(first!.text).not.toContain("Despensa");
    const inSpanish = summaries(spanish.email)[0]!.text;
    expect(inSpanish).toContain("Main Street: 4 visitas, 3 personas, 2 nuevas");
    expect(inSpanish).toContain("– Despensa de alimentos: 1 visita, 1 persona, 1 nueva");
    expect(inSpanish).toContain("– Tutoring: 3 visitas, 2 personas, 1 nueva");
    expect(inSpanish).not.toContain("Food Pantry");

    // Again, and from a second server: nothing more for New York.
    expect((await send(utc("2026-03-11T11:01:00Z"))).sent).toBe(0);
    expect((await send(utc("2026-03-11T13:59:00Z"))).sent).toBe(0);
    // 7 a.m. in Los Angeles: Eastside's, to Eastside's own staff too.
    expect((await send(utc("2026-03-11T14:00:00Z"))).sent).toBe(3);
    const both = summaries(reader.email);
    expect(both).toHaveLength(2);
    expect(both[1]!.text).toContain("Eastside: 1 visit, 1 person, 1 new");
    expect(both[1]!.text).not.toContain("Main Street");
    const [eastDay, ...moreForEast] = summaries(eastOnly.email);
    expect(moreForEast).toEqual([]);
    expect(eastDay!.text).toContain("Eastside: 1 visit, 1 person, 1 new");

    expect(mailsTo(site.world, gone.email)).toEqual([]);
    expect(mailsTo(site.world, none.email)).toEqual([]);
  });

  it("gives each program of a zone's day both its names, for readers of either language", async () => {
    const [main] = await zoneDay(db(), "America/New_York", "2026-03-10");
    expect(main!.programs.map(({ program, visits }) => ({ program, visits }))).toEqual([
      { program: { Name: "Tutoring", NameEs: null }, visits: 3 },
      { program: { Name: "Food Pantry", NameEs: "Despensa de alimentos" }, visits: 1 },
    ]);
  });

  it("sends nothing after a day without visits", async () => {
    const before = site.world.mails.length;
    expect((await send(utc("2026-03-12T15:00:00Z"))).sent).toBe(0);
    expect(site.world.mails.length).toBe(before);
  });
});
