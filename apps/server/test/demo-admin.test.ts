import { afterAll, describe, expect, it } from "vitest";
import { checkAnswers, type AskedQuestion } from "@vsi/api/schemas";
import { demoLoginMessage, seedDemoData } from "../src/seed.ts";
import { startTestServer, type TestServer } from "./harness.ts";

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A fresh install's demo data, and the password as its one line shows it. */
async function seededInstall() {
  const server = await startTestServer();
  servers.push(server);
  const login = await seedDemoData(server.services);
  const password = /with password (\S+)/.exec(demoLoginMessage(login))?.[1] ?? "";
  return { server, login, password };
}

describe("the demo admin", () => {
  it("gets a random password on each install, shown once, that logs in; the old fixed one does not", async () => {
    const first = await seededInstall();
    const second = await seededInstall();
    expect(first.password).toBe(first.login.password);
    expect(first.password).toMatch(/^\S{12,}$/);
    expect(second.password).not.toBe(first.password);
    const admin = first.server.client();
    await admin.login("admin@example.org", first.password);
    expect((await admin.get("/api/users/me")).json).toMatchObject({
      email: "admin@example.org",
      isAdmin: true,
    });
    const fixed = await (
      await first.server.client().prime()
    ).post("/api/auth/login", { email: "admin@example.org", password: "demo-admin-2026" });
    expect(fixed.status).toBe(422);
  });

  it("opens on a dashboard with figures and the set-up list half done: sites, programs and questions, but the printed password, no tablet, e-mail, invite or retention choice", async () => {
    const { server, password } = await seededInstall();
    const admin = server.client();
    await admin.login("admin@example.org", password);
    const today = async () => {
      const res = await admin.trpc("query", "reports.today", { timeZone: "America/Los_Angeles" });
      expect(res.status).toBe(200);
      return res.json.result.data;
    };
    const first = await today();
    expect(first.setup.steps).toEqual([
      { step: "password", done: false },
      { step: "location", done: true },
      { step: "programs", done: true },
      { step: "questions", done: true },
      { step: "tablet", done: false },
      // This server writes mail to a folder: nobody would receive an invite.
      { step: "email", done: false },
      { step: "invite", done: false },
      { step: "retention", done: false },
    ]);
    expect(first.signedInNow).toBe(2);
    expect(first.days.filter((d: { visits: number }) => d.visits > 0).length).toBeGreaterThan(7);

    // A password of the admin's own.
    const me = (await admin.get("/api/users/me")).json;
    const changed = await admin.patch(`/api/users/${me.id}`, {
      password: "harbor-lights-2027",
      currentPassword: password,
    });
    expect(changed.status).toBe(200);
    const steps = (await today()).setup.steps as Array<{ step: string; done: boolean }>;
    expect(steps.find((s) => s.step === "password")).toEqual({ step: "password", done: true });
  });
});

describe("the demo data", () => {
  it("holds three months of visits at both sites and all programs, regulars coming back, a few people in now", async () => {
    const { server } = await seededInstall();
    const db = server.services.db.kysely;
    const now = server.services.now().getTime();
    const visits = await db
      .selectFrom("visits")
      .select(["time_in", "time_out", "location_id", "program_id", "phone_number"])
      .execute();
    const days = (at: Date) => (now - at.getTime()) / 86_400_000;
    const oldest = Math.max(...visits.map((v) => days(v.time_in)));
    expect(oldest).toBeGreaterThan(85);
    expect(oldest).toBeLessThan(93);
    expect(visits.every((v) => v.time_in.getTime() <= now)).toBe(true);
    expect(visits.length).toBeGreaterThan(1000);
    expect(new Set(visits.map((v) => `${v.location_id}/${v.program_id}`)).size).toBe(4);
    expect(visits.filter((v) => v.time_out === null).length).toBe(2);
    const people = new Set(visits.map((v) => v.phone_number)).size;
    expect(people).toBeLessThan(visits.length / 2);
  });

  it("asks each program its own questions in both languages, and its visits hold answers those questions accept", async () => {
    const { server, password } = await seededInstall();
    const admin = server.client();
    await admin.login("admin@example.org", password);
    const questions = (await admin.get("/api/questions")).json as Array<
      AskedQuestion & { Label: { en: string; es: string }; ProgramIds: number[] }
    >;
    expect(questions.map((q) => q.Kind).sort()).toEqual(
      ["choice", "choices", "consent", "date", "number", "zip"].sort(),
    );
    expect(questions.every((q) => q.Label.en !== "" && q.Label.es !== "")).toBe(true);

    const db = server.services.db.kysely;
    const visits = await db
      .selectFrom("visits")
      .select(["program_id", "phone_number", "answers", "time_in"])
      .orderBy("time_in")
      .execute();
    const answered = visits.filter((v) => Object.keys(v.answers).length > 0);
    expect(answered.length).toBeGreaterThan(300);
    for (const visit of answered) {
      const asked = questions.filter((q) => q.ProgramIds.includes(visit.program_id));
      const values = Object.fromEntries(
        Object.entries(visit.answers).map(([id, answer]) => [id, answer.value]),
      );
      // Every question is excused: a remembered one is answered only at a person's first visit.
      const check = checkAnswers(asked, values, new Set(asked.map((q) => q.id)));
      expect(check.errors).toEqual([]);
    }
    // Each person answers a remembered question once: the household size of every pantry visitor.
    const household = questions.find((q) => q.Kind === "number")!;
    const householdAnswers = new Map<string, number>();
    for (const visit of visits)
      if (visit.answers[household.id] !== undefined)
        householdAnswers.set(
          visit.phone_number,
          (householdAnswers.get(visit.phone_number) ?? 0) + 1,
        );
    expect(householdAnswers.size).toBeGreaterThan(50);
    expect([...householdAnswers.values()].every((count) => count === 1)).toBe(true);
  });
});
