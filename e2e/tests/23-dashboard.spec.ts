import type { Page } from "@playwright/test";
import { logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expectedDashboard } from "../support/dashboard-data.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { startFreshInstall } from "../support/server.ts";
import { signInOnSheet } from "../support/sign-in-form.ts";
import { runState } from "../support/state.ts";

// A coordinator's first look: the dashboard says what is happening today, each figure opening
// the report (or the On site list) that explains it; on a fresh install, the admin also gets a
// short "get set up" list, ticked by what they do, not by clicking it.

const visits = (n: number) => `${n} ${n === 1 ? "visit" : "visits"}`;
const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;
const tally = (t: { visits: number; people: number }) => `${visits(t.visits)}, ${people(t.people)}`;

/** The report's summary figures, as the Reports page shows them. */
async function expectReport(page: Page, t: { visits: number; people?: number }) {
  const summary = page.getByRole("region", { name: "Summary" });
  const figure = (label: string) =>
    summary.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]");
  await expect(figure("Visits")).toHaveText(String(t.visits));
  if (t.people !== undefined) await expect(figure("Unique visitors")).toHaveText(String(t.people));
}

test("the dashboard's figures match the seeded visits, each opens the report or list that explains it, and who is in follows sign-ins live", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { location, programs, visits: seeded } = runState().dashboard;
  const expected = expectedDashboard(seeded, location.TimeZone, new Date());
  const { dates } = expected;
  await logInContext(page.context(), await newUser());

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await page.getByLabel("Location").selectOption({ label: location.Name });
  await expect(page).toHaveURL(`/dashboard?locationId=${location.id}`);

  const figure = (name: string) => page.getByRole("region", { name, exact: true });
  const now = figure("On site now");
  await expect(now).toContainText(`${expected.signedInNow} signed in`);
  await expect(now).toContainText("Updates live.");
  const today = figure("Today");
  await expect(today.getByRole("link").first()).toHaveText(
    `${visits(expected.today.visits)}${people(expected.today.people)}`,
  );
  await expect(today).toContainText(`Same day last week: ${tally(expected.sameDayLastWeek)}`);
  const week = figure("This week");
  await expect(week.getByRole("link").first()).toHaveText(
    `${visits(expected.thisWeek.visits)}${people(expected.thisWeek.people)}`,
  );
  await expect(week).toContainText(`All of last week: ${tally(expected.lastWeek)}`);
  const busiest = programs.find((p) => p.id === expected.busiest!.programId)!;
  await expect(figure("Busiest program today")).toContainText(
    `${busiest.Name}${visits(expected.busiest!.visits)} today`,
  );
  await expect(
    page.getByText(
      `Days are ${location.Name}'s own (${location.TimeZone}); weeks start on Monday.`,
    ),
  ).toBeVisible();
  const chart = page.getByTestId("visits-chart");
  await expect(chart.getByText("Visits per day, last 14 days, by program")).toBeVisible();
  // A bar a day and program with visits, in the last 14 days of the location's own calendar.
  await expect(chart.locator(".recharts-bar-rectangle path")).toHaveCount(expected.chart.bars);
  // The spec's three cards stay, with their links.
  for (const name of ["Manage Locations", "Manage Programs", "Manage Reports"])
    await expect(page.getByRole("link", { name })).toBeVisible();
  await expectAccessible(page, "dashboard figures");
  for (const [name, size] of [
    ["768x1024", viewports.tablet],
    ["phone", viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    await expect(chart).toBeVisible();
    await expectNoHorizontalOverflow(page, `dashboard at ${name}`);
    await keepScreenshot(page, `23-dashboard-${name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Each figure opens the report of exactly what it counts, its filters in the address.
  const opens = async (link: ReturnType<Page["getByRole"]>, search: Record<string, string>) => {
    await link.click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === "/dashboard/reports" &&
        Object.entries(search).every(([k, v]) => url.searchParams.get(k) === v),
    );
  };
  const at = { locationId: String(location.id) };
  await opens(today.getByRole("link").first(), { from: dates.today, to: dates.today, ...at });
  await expectReport(page, expected.today);
  await page.goBack();
  await opens(today.getByRole("link", { name: /^Same day last week/ }), {
    from: dates.sameDayLastWeek,
    to: dates.sameDayLastWeek,
    ...at,
  });
  await expectReport(page, expected.sameDayLastWeek);
  await page.goBack();
  await opens(week.getByRole("link").first(), { from: dates.weekStart, to: dates.today, ...at });
  await expectReport(page, expected.thisWeek);
  await page.goBack();
  await opens(week.getByRole("link", { name: /^All of last week/ }), {
    from: dates.lastWeekStart,
    to: dates.lastWeekEnd,
    ...at,
  });
  await expectReport(page, expected.lastWeek);
  await page.goBack();
  await opens(figure("Busiest program today").getByRole("link"), {
    from: dates.today,
    to: dates.today,
    programId: String(busiest.id),
    ...at,
  });
  await expectReport(page, { visits: expected.busiest!.visits });
  await page.goBack();
  await opens(page.getByRole("link", { name: "Open these 14 days in Reports" }), {
    from: dates.chartFrom,
    to: dates.today,
    ...at,
  });
  await expectReport(page, { visits: expected.chart.visits });
  await page.goBack();
  await now.getByRole("link").click();
  await expect(page).toHaveURL(`/dashboard/on-site?locationId=${location.id}`);
  await expect(page.getByText(`${expected.signedInNow} signed in`).first()).toBeVisible();
  await page.goBack();

  // A visitor signs in at the door: who is in, and today, follow without a reload.
  await expect(now).toContainText("Updates live.");
  await adminApi.expect(201, "POST", "/api/visits", {
    FirstName: "Liv",
    LastName: "Live",
    PhoneNumber: `41555978${String(Date.now()).slice(-2)}`,
    Temperature: "98.4",
    LocationId: location.id,
    ProgramId: programs[1]!.id,
  });
  await expect(now).toContainText(`${expected.signedInNow + 1} signed in`);
  await expect(today.getByRole("link").first()).toContainText(visits(expected.today.visits + 1));
});

test("a fresh install's admin gets the set-up list, follows it to a working tablet sheet, sees each step ticked, then hides it for good", async ({
  browser,
}) => {
  // A server of its own starts first, on a fresh embedded database.
  test.slow();
  const fresh = await startFreshInstall();
  const errors: string[] = [];
  try {
    const admin = await browser.newContext({ baseURL: fresh.baseUrl });
    const page = await admin.newPage();
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    await page.goto("/login");
    await page.getByLabel("Email").fill(fresh.admin.email);
    await page.getByLabel("Password").fill(fresh.admin.password);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    const toDashboard = () => nav.getByRole("link", { name: "Dashboard" }).click();
    await toDashboard();

    const setup = page.getByRole("region", { name: "Get set up" });
    const step = (name: string) =>
      setup.getByRole("listitem").filter({ has: page.getByRole("link", { name, exact: true }) });
    const steps = [
      "Add a location",
      "Add programs",
      "Add your intake questions",
      "Set up a tablet",
      "Invite a colleague",
      "Choose what is kept, and for how long",
    ];
    // No demo data here, so no demo password to change; e-mail, done where the server starts,
    // names the settings it needs.
    await expect(setup).toContainText("0 of 7 done");
    for (const name of steps) await expect(step(name)).toContainText("To do");
    await expect(setup).not.toContainText("Change the demo password");
    const email = setup.getByRole("listitem").filter({ hasText: "Set up e-mail" });
    await expect(email).toContainText("To do");
    for (const setting of ["SMTP_URL", "MAIL_FROM", "BASE_URL"])
      await expect(email.getByRole("term").filter({ hasText: setting })).toBeVisible();
    // Nothing happened yet, and the figures say so.
    await expect(page.getByRole("region", { name: "On site now" })).toContainText("0 signed in");
    await expect(page.getByRole("region", { name: "Busiest program today" })).toContainText(
      "No visits yet today.",
    );
    await expect(
      page.getByText("No visits in the last 14 days yet", { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, "dashboard set-up list");

    // Each step's link leads to where it is done; doing it ticks it.
    await step("Add a location").getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Add New Location" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Harbor Center");
    await page.getByLabel("Address").fill("1 Harbor Way");
    await page.getByRole("button", { name: "Submit" }).click();
    // Saved, it opens on its door and tablets.
    await expect(page).toHaveURL(/\/dashboard\/locations\/\d+\/tablets$/);
    await expect(
      page.getByRole("heading", { name: "Door and tablets at Harbor Center" }),
    ).toBeVisible();
    await toDashboard();
    await expect(step("Add a location")).toContainText("Done");
    await expect(setup).toContainText("1 of 7 done");

    await step("Add programs").getByRole("link").click();
    await expect(page.getByRole("heading", { name: "Add New Program" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("Harbor Pantry");
    await page
      .getByRole("group", { name: "Locations" })
      .getByRole("checkbox", { name: "Harbor Center" })
      .check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/dashboard/programs");
    await toDashboard();
    await expect(step("Add programs")).toContainText("Done");
    await expect(setup).toContainText("2 of 7 done");
    for (const [name, size] of [
      ["768x1024", viewports.tablet],
      ["phone", viewports.phone],
    ] as const) {
      await page.setViewportSize(size);
      await expect(setup).toBeVisible();
      await expectNoHorizontalOverflow(page, `set-up list at ${name}`);
      await keepScreenshot(page, `23-setup-${name}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // This browser becomes the tablet at the door, and its sheet takes a sign-in.
    await step("Set up a tablet").getByRole("link").click();
    await expect(page).toHaveURL("/dashboard/locations");
    await page
      .getByRole("row")
      .filter({ hasText: "Harbor Center" })
      .getByRole("button", { name: "Set Up Tablet" })
      .click();
    await page
      .getByRole("dialog", { name: "Set up this browser as a tablet?" })
      .getByRole("button", { name: "Set Up Tablet" })
      .click();
    await expect(page).toHaveURL(/\/sheet\/\d+\?programId=\d+$/);
    await expect(page.getByRole("heading", { name: "Harbor Center", level: 1 })).toBeVisible();
    // A new location asks no temperature.
    const welcome = await signInOnSheet(page, {
      phone: "4155559100",
      first: "Hana",
      last: "Harbor",
    });
    await expect(welcome).toBeVisible();

    // The admin, on their own computer, finds the step ticked and the visitor counted.
    const laptop = await browser.newContext({ baseURL: fresh.baseUrl });
    const office = await laptop.newPage();
    office.on("pageerror", (error) => errors.push(`${office.url()}: ${error.message}`));
    await logInContext(laptop, fresh.admin);
    await office.goto("/dashboard");
    const list = office.getByRole("region", { name: "Get set up" });
    await expect(list).toContainText("3 of 7 done");
    await expect(list.getByRole("listitem").filter({ hasText: "Set up a tablet" })).toContainText(
      "Done",
    );
    await expect(office.getByRole("region", { name: "On site now" })).toContainText("1 signed in");
    await expect(office.getByRole("region", { name: "Busiest program today" })).toContainText(
      "Harbor Pantry1 visit today",
    );
    await expect(office.getByTestId("visits-chart")).toBeVisible();

    // Hidden for good: gone now, and after a reload.
    await list.getByRole("button", { name: "Hide this list for good" }).click();
    await expect(list).toHaveCount(0);
    await office.reload();
    await expect(office.getByRole("region", { name: "On site now" })).toContainText("1 signed in");
    await expect(list).toHaveCount(0);
    await laptop.close();
    await admin.close();
  } finally {
    await fresh.close();
  }
  expect(errors, "uncaught errors in the pages").toEqual([]);
});
