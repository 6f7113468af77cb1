import { afterAll, describe, expect, it } from "vitest";
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

  it("opens on a dashboard with figures and the set-up list half done: sites and programs, no tablet, invite or retention choice", async () => {
    const { server, password } = await seededInstall();
    const admin = server.client();
    await admin.login("admin@example.org", password);
    const res = await admin.trpc("query", "reports.today", { timeZone: "America/Los_Angeles" });
    expect(res.status).toBe(200);
    const today = res.json.result.data;
    expect(today.setup.steps).toEqual([
      { step: "location", done: true },
      { step: "programs", done: true },
      { step: "tablet", done: false },
      { step: "invite", done: false },
      { step: "retention", done: false },
    ]);
    expect(today.signedInNow).toBe(2);
    expect(today.days.filter((d: { visits: number }) => d.visits > 0).length).toBeGreaterThan(7);
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
});
