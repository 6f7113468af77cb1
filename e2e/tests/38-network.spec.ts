import { Api, createSite, signInVisitor, uniquePhone, type Person } from "../support/api.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { logInContext } from "../support/api.ts";
import { runState } from "../support/state.ts";

const tabletPortrait = { width: 820, height: 1180 };

/** A day `days` from today, in UTC: a period around now holds today's visits in any zone. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test("a network: each site's admin sees and exports their site alone, the network admin both side by side", async ({
  page,
  baseURL,
  adminApi,
}) => {
  const harbor = await createSite(adminApi, "Harbor Pantry", ["Groceries"]);
  const hill = await createSite(adminApi, "Hill Pantry", ["Groceries"]);
  const { admin } = runState();
  await logInContext(page.context(), admin);

  // The network admin invites Harbor's admin from the invite form, picking the role there.
  const tag = harbor.tag;
  await page.goto("/admin/users/invite");
  await page.getByLabel("First name").fill("Hana");
  await page.getByLabel("Email").fill(`hana-${tag}@example.org`);
  const roles = page.getByRole("group", { name: "Locations and roles" });
  await roles.getByLabel(harbor.location.Name).selectOption("admin");
  await page.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(page, "the invite form at 390x844");
  await keepScreenshot(page, "network-invite-390x844");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("button", { name: "Submit" })).toHaveCount(0);
  const invites = (await adminApi.get("/api/invites")).json as Array<{
    id: string;
    email: string;
    access: unknown;
  }>;
  const invite = invites.find((row) => row.email === `hana-${tag}@example.org`)!;
  expect(invite.access).toEqual([{ locationId: harbor.location.id, role: "admin" }]);
  const hana = await accept(baseURL!, invite.id, "Hana", `hana-${tag}@example.org`);
  // Hill's admin by the API, as a script would.
  const hiroInvite = await adminApi.expect(201, "POST", "/api/invites", {
    firstName: "Hiro",
    email: `hiro-${tag}@example.org`,
    access: [{ locationId: hill.location.id, role: "admin" }],
  });
  const hiro = await accept(baseURL!, hiroInvite.id, "Hiro", `hiro-${tag}@example.org`);

  for (const [site, count] of [
    [harbor, 2],
    [hill, 1],
  ] as const)
    for (let i = 0; i < count; i++)
      await signInVisitor(adminApi, {
        LocationId: site.location.id,
        ProgramId: site.programs[0]!.id,
        FirstName: "Vera",
        LastName: "Visitor",
        PhoneNumber: uniquePhone(),
      });

  const period = `from=${day(-1)}&to=${day(1)}&timeZone=UTC`;
  // Each site admin's roll-up and its export hold their own site alone.
  for (const [person, own, other, visits] of [
    [hana, harbor, hill, 2],
    [hiro, hill, harbor, 1],
  ] as const) {
    const api = await Api.create(baseURL!);
    try {
      await api.login(person.email, person.password);
      const rollUp = (await api.get(`/api/reports/network?${period}`)).json;
      expect(rollUp.locations.map((row: { locationName: string }) => row.locationName)).toEqual([
        own.location.Name,
      ]);
      expect(rollUp.network.visits).toBe(visits);
      const csv = await api.get(`/api/reports/network?${period}&format=csv`);
      expect(csv.status).toBe(200);
      expect(csv.text).toContain(`${own.location.Name},All programs,`);
      expect(csv.text).not.toContain(other.location.Name);
      expect(
        (await api.get(`/api/reports/network?${period}&locationId=${other.location.id}`)).status,
      ).toBe(404);
    } finally {
      await api.dispose();
    }
  }

  // The network admin's roll-up: both sites side by side, in the table and the chart.
  await page.goto(`/dashboard/reports/network?from=${day(-1)}&to=${day(1)}`);
  const table = page.getByRole("region", { name: "Visits and people per location" });
  await expect(table.getByRole("row").filter({ hasText: harbor.location.Name })).toContainText("2");
  await expect(table.getByRole("row").filter({ hasText: hill.location.Name })).toContainText("1");
  // A location without visits draws no bar: these two do.
  await expect(
    page.getByTestId("network-chart").locator(".recharts-bar-rectangle path").first(),
  ).toBeVisible();
  for (const [name, size] of [
    ["1024x768", viewports.tabletLandscape],
    ["390x844", viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `the roll-up at ${name}`);
    await keepScreenshot(page, `network-roll-up-${name}`);
  }

  // Harbor's admin adds a program of Harbor's own: offered there, not at Hill.
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInContext(page.context(), hana);
  await page.goto("/dashboard/programs/new");
  await expect(page.getByLabel("Whose program")).toHaveValue(String(harbor.location.id));
  await page.getByLabel("Name", { exact: true }).fill(`Diapers ${tag}`);
  await keepScreenshot(page, "network-own-program-1280x800");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("row").filter({ hasText: `Diapers ${tag}` })).toContainText(
    `${harbor.location.Name}'s own`,
  );
  const hillPrograms = (await adminApi.get(`/api/locations/${hill.location.id}`)).json.Programs;
  expect(hillPrograms.map((p: { Name: string }) => p.Name)).not.toContain(`Diapers ${tag}`);
  const harborPrograms = (await adminApi.get(`/api/locations/${harbor.location.id}`)).json.Programs;
  expect(harborPrograms.map((p: { Name: string }) => p.Name)).toContain(`Diapers ${tag}`);

  // Harbor's admin adds a question of Harbor's own; the network's stays read-only beside it.
  await adminApi.expect(201, "POST", "/api/questions", {
    Kind: "yesno",
    Label: { en: `Network ${tag}?` },
  });
  await page.goto("/admin/questions/new");
  await expect(page.getByLabel("Whose question")).toHaveValue(String(harbor.location.id));
  await page.getByLabel("Question in English").fill(`Locker ${tag}`);
  await page.setViewportSize(tabletPortrait);
  await keepScreenshot(page, "network-own-question-820x1180");
  await page.getByRole("button", { name: "Submit" }).click();
  const rowOf = (text: string) => page.locator(".mantine-Paper-root").filter({ hasText: text });
  await expect(rowOf(`Locker ${tag}`)).toContainText(`${harbor.location.Name}'s own`);
  await expect(rowOf(`Locker ${tag}`).getByRole("link", { name: "Edit" })).toHaveCount(1);
  await expect(rowOf(`Network ${tag}?`).getByRole("link", { name: "Edit" })).toHaveCount(0);
  for (const [name, size] of [
    ["820x1180", tabletPortrait],
    ["390x844", viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `the questions at ${name}`);
    await keepScreenshot(page, `network-questions-${name}`);
  }
  // Her webhooks are Harbor's own: no other location to pick.
  await page.goto("/admin/webhooks");
  await expect(page.getByLabel("Whose webhook")).toHaveValue(String(harbor.location.id));
  await expect(page.getByRole("combobox", { name: "Locations" })).toHaveCount(0);
  for (const [name, size] of [
    ["820x1180", tabletPortrait],
    ["390x844", viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `the webhooks at ${name}`);
    await keepScreenshot(page, `network-own-webhooks-${name}`);
  }

  // Retired again, so other journeys' tablets do not ask them.
  const questions = (await adminApi.get("/api/questions")).json as Array<{
    id: number;
    Label: { en: string };
  }>;
  const made = questions.filter((q) => q.Label.en.includes(tag));
  expect(made).toHaveLength(2);
  for (const { id } of made) await adminApi.expect(200, "DELETE", `/api/questions/${id}`);
});

/** The invitee accepts in a request context of their own (accepting logs in). */
async function accept(baseURL: string, id: string, firstName: string, email: string) {
  const invitee = await Api.create(baseURL);
  try {
    const password = "network-pass-1";
    const user = await invitee.expect(201, "POST", `/api/invites/${id}/accept`, {
      firstName,
      lastName: "Admin",
      email,
      password,
    });
    return { id: user.id, firstName, lastName: "Admin", email, password } satisfies Person;
  } finally {
    await invitee.dispose();
  }
}
