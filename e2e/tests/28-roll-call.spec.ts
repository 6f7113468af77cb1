import type { Browser, BrowserContext, Page } from "@playwright/test";
import { Api, createSite, logInContext, signInVisitor, type Person } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { liveBound } from "../support/live.ts";

// The fire alarm: staff start a roll call from the On site page and tick people off outside on
// their phones, several at once, even without a network; the record is kept under Reports.

/** A staff member's phone, logged in. */
async function staffPhone(
  browser: Browser,
  person: Person,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: viewports.phone });
  await logInContext(context, person);
  return { context, page: await context.newPage() };
}

/** A person's button on the roll-call screen: pressed once they are marked safe. */
const person = (page: Page, name: string) =>
  page.getByRole("button", { name: new RegExp(`^${name} `) });
const marked = (page: Page, name: string) =>
  expect(person(page, name)).toHaveAttribute("aria-pressed", "true", { timeout: liveBound });

/** A tablet upright, as a coordinator holds an iPad Air. */
const tablet820 = { width: 820, height: 1180 };

/** Once the phone keeps the roll-call screen (its service worker holds the page it loaded). */
const keptOffline = (page: Page) =>
  page.waitForFunction(async () => {
    const cache = await caches.open("vsi-roll-call");
    return (await cache.match("/dashboard/roll-calls/")) !== undefined;
  });

test("two phones mark one roll call, each sees the other's marks, a phone reloaded offline keeps marking and its marks arrive once, a mark made before the end is kept though it arrives after, and one made after is said not recorded", async ({
  browser,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const site = await createSite(adminApi, "Evac Hall", ["Pantry", "Tutoring"]);
  const suffix = String(Date.now()).slice(-4);
  const names = ["Ana", "Ben", "Cleo", "Dev", "Eli"];
  for (const [i, first] of names.entries())
    await signInVisitor(adminApi, {
      LocationId: site.location.id,
      ProgramId: site.programs[i % 2]!.id,
      FirstName: first,
      LastName: "Roll",
      PhoneNumber: `415-56${i}-${suffix}`,
    });
  const tablet = await setUpTablet(site.location.id);
  await tablet.page.goto(`/sheet/${site.location.id}`);
  await expect(tablet.page.getByRole("link", { name: "Sign in" })).toBeVisible();

  const first = await staffPhone(browser, await newUser());
  const second = await staffPhone(browser, await newUser());
  try {
    // Started from the On site page.
    await first.page.goto(`/dashboard/on-site?locationId=${site.location.id}`);
    await first.page
      .getByRole("button", { name: `Start roll call at ${site.location.Name}` })
      .click();
    await expect(first.page).toHaveURL(/\/dashboard\/roll-calls\/\d+$/);
    const rollCallId = Number(first.page.url().split("/").pop());
    await expect(first.page.getByText("0 of 5 accounted for")).toBeVisible();

    // The tablet at the door says so while it runs, and what a visitor there should do.
    const banner = tablet.page.getByRole("alert");
    await expect(banner).toContainText("Roll call in progress");
    await expect(banner).toContainText(
      "Please follow their instructions and tell a staff member your name",
    );
    await expectAccessible(tablet.page, "tablet during a roll call");
    await keepScreenshot(tablet.page, "28-roll-call-tablet-banner", { fullPage: false });

    await second.page.goto(`/dashboard/roll-calls/${rollCallId}`);
    await expect(second.page.getByText("0 of 5 accounted for")).toBeVisible();
    await expect(second.page.getByText("updates live")).toBeVisible();
    await expect(first.page.getByText("updates live")).toBeVisible();

    // Each phone sees the other's mark through the live stream.
    await person(first.page, "Ana Roll").click();
    await marked(second.page, "Ana Roll");
    await person(second.page, "Ben Roll").click();
    await marked(first.page, "Ben Roll");
    await expect(first.page.getByText("2 of 5 accounted for")).toBeVisible();
    await expectAccessible(first.page, "roll call");
    await expectNoHorizontalOverflow(first.page, "roll call on a phone");
    await keepScreenshot(first.page, "28-roll-call-phone");
    await first.page.setViewportSize(tablet820);
    await expectNoHorizontalOverflow(first.page, "roll call on a tablet");
    await keepScreenshot(first.page, "28-roll-call-tablet");
    await first.page.setViewportSize(viewports.phone);

    // The search finds one name.
    await first.page.getByLabel("Find a name").fill("cle");
    await expect(first.page.getByRole("button", { name: /^\w+ Roll / })).toHaveCount(1);
    await expect(person(first.page, "Cleo Roll")).toBeVisible();
    await first.page.getByLabel("Find a name").fill("");

    // Offline, even after a reload: the phone opens the roll call as it last saw it, three marks
    // wait on it, said plainly, then go once the network is back.
    await keptOffline(second.page);
    // The app's page and files only: no answer of the API is kept by the worker.
    const kept = await second.page.evaluate(async () =>
      (await (await caches.open("vsi-roll-call")).keys()).map((r) => new URL(r.url).pathname),
    );
    expect(kept.filter((file) => !file.startsWith("/static/"))).toEqual(["/dashboard/roll-calls/"]);
    await second.context.setOffline(true);
    await second.page.reload();
    await expect(second.page.getByText("2 of 5 accounted for")).toBeVisible();
    await marked(second.page, "Ben Roll");
    for (const name of ["Cleo Roll", "Dev Roll", "Eli Roll"])
      await person(second.page, name).click();
    await expect(second.page.getByText(/Offline: marks are kept on this phone/)).toBeVisible();
    await expect(second.page.getByText("3 marks waiting to be sent")).toBeVisible();
    await expect(second.page.getByText("5 of 5 accounted for")).toBeVisible();
    await expectAccessible(second.page, "roll call offline");
    await keepScreenshot(second.page, "28-roll-call-offline", { fullPage: false });
    const offlineAt = Date.now();
    await second.context.setOffline(false);
    await expect(second.page.getByText(/marks? waiting to be sent/)).toHaveCount(0);
    await expect(first.page.getByText("5 of 5 accounted for")).toBeVisible();

    const api = Api.of(first.context);
    const record = await api.expect(200, "GET", `/api/roll-calls/${rollCallId}`);
    expect(record.people).toHaveLength(5);
    for (const name of ["Cleo Roll", "Dev Roll", "Eli Roll"]) {
      const row = record.people.find((p: { name: string }) => p.name === name);
      expect(row.safe).toBe(true);
      // Once, from the phone that made it.
      expect(row.marks).toHaveLength(1);
      // The time it was tapped, offline, not when it reached the server.
      expect(Date.parse(row.markedAt)).toBeLessThanOrEqual(offlineAt);
    }

    // Offline again: a mark made before the end, which reaches the server only after it.
    await second.context.setOffline(true);
    await person(second.page, "Ana Roll").click();
    await expect(second.page.getByText("1 mark waiting to be sent")).toBeVisible();
    const tappedBeforeEnd = Date.now();

    // Ending with everyone accounted for (as the server knows); the tablet's banner goes.
    await first.page.getByRole("button", { name: "End roll call" }).click();
    await expect(first.page.getByRole("dialog")).toContainText("Everyone is accounted for.");
    await first.page.getByRole("button", { name: "End it" }).click();
    await expect(first.page.getByText("This roll call has ended.")).toBeVisible();
    await expect(tablet.page.getByRole("alert")).toHaveCount(0);

    // Still offline, the phone cannot know it ended: a tap made now is after the end.
    await person(second.page, "Ben Roll").click();
    await expect(second.page.getByText("2 marks waiting to be sent")).toBeVisible();

    // Back online: the mark made before the end is kept, the one after refused, and said so.
    await second.context.setOffline(false);
    const notRecorded = second.page.getByRole("alert").filter({
      hasText: "1 mark made on this phone was not recorded: it was made after the roll call ended.",
    });
    await expect(notRecorded).toBeVisible();
    await expect(second.page.getByText("This roll call has ended.")).toBeVisible();
    await expect(second.page.getByText("4 of 5 accounted for")).toBeVisible();
    await expectAccessible(second.page, "roll call ended before a late mark");
    await keepScreenshot(second.page, "28-roll-call-late-mark", { fullPage: false });
    await notRecorded.getByRole("button", { name: "OK" }).click();
    await expect(notRecorded).toHaveCount(0);
    const ended = await api.expect(200, "GET", `/api/roll-calls/${rollCallId}`);
    expect(ended).toMatchObject({ accounted: 4, missing: 1 });
    const ana = ended.people.find((p: { name: string }) => p.name === "Ana Roll");
    expect(ana.safe).toBe(false);
    // Kept at the time it was tapped, before the end, with when it arrived, after it.
    const late = ana.marks.at(-1);
    expect(Date.parse(late.markedAt)).toBeLessThanOrEqual(tappedBeforeEnd);
    expect(Date.parse(late.markedAt)).toBeLessThanOrEqual(Date.parse(ended.endedAt));
    expect(Date.parse(late.receivedAt)).toBeGreaterThan(Date.parse(ended.endedAt));
    expect(ended.people.find((p: { name: string }) => p.name === "Ben Roll").safe).toBe(true);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test("a drill ended with one person unaccounted says so, in the record, its print and CSV", async ({
  browser,
  adminApi,
  newUser,
}) => {
  const site = await createSite(adminApi, "Drill House", ["Clinic"]);
  const suffix = String(Date.now()).slice(-4);
  for (const [i, first] of ["Fay", "Gus"].entries())
    await signInVisitor(adminApi, {
      LocationId: site.location.id,
      ProgramId: site.programs[0]!.id,
      FirstName: first,
      LastName: "Drill",
      PhoneNumber: `415-57${i}-${suffix}`,
    });
  const staff = await newUser();
  const phone = await staffPhone(browser, staff);
  try {
    const { page } = phone;
    // The sheet still on its way when the drill is started: the start's answer stays in sight as
    // the names arrive.
    let showSheet = () => {};
    const sheetHeld = new Promise<void>((resolve) => (showSheet = resolve));
    const sheetCalls = (url: URL) => url.pathname.includes("visits.open");
    await page.route(sheetCalls, async (route) => {
      await sheetHeld;
      await route.continue();
    });
    await page.goto(`/dashboard/on-site?locationId=${site.location.id}`);
    // A start that never reached the server says so by the buttons, and a second try starts it.
    const startCalls = "**/trpc/rollCalls.start**";
    await page.route(startCalls, (route) => route.abort("internetdisconnected"));
    const startDrill = page.getByRole("button", { name: `Start a drill at ${site.location.Name}` });
    await startDrill.click();
    const startFailed = "The roll call did not start. Check the connection and try again.";
    await expect(page.getByRole("alert")).toHaveText(startFailed);
    showSheet();
    await expect(page.getByRole("cell", { name: "Fay Drill", exact: true })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(startFailed);
    await page.unroute(sheetCalls);
    await keepScreenshot(page, "roll-call-start-failed-390x844", { fullPage: false });
    await page.unroute(startCalls);
    await startDrill.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Drill");
    await person(page, "Fay Drill").click();
    // Gus marked by mistake, then undone: the record keeps both marks. While a mark is on its way
    // the names stay where they are, so the undoing tap lands on the name it was aimed at.
    const markCalls = "**/trpc/rollCalls.mark**";
    let send = () => {};
    const held = new Promise<void>((resolve) => (send = resolve));
    await page.route(markCalls, async (route) => {
      await held;
      await route.continue();
    });
    await person(page, "Gus Drill").click();
    await marked(page, "Gus Drill");
    await expect(page.getByRole("status").filter({ hasText: "waiting to be sent" })).toBeVisible();
    const whileSending = await person(page, "Gus Drill").boundingBox();
    send();
    await expect(page.getByText("waiting to be sent")).toHaveCount(0);
    await page.unroute(markCalls);
    expect(await person(page, "Gus Drill").boundingBox()).toEqual(whileSending);
    await person(page, "Gus Drill").click();
    await expect(person(page, "Gus Drill")).toHaveAttribute("aria-pressed", "false");
    // Someone who was not signed in, added and marked.
    await page.getByLabel("Name", { exact: true }).fill("Hal Visitor");
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await person(page, "Hal Visitor").click();
    await expect(page.getByText("2 of 3 accounted for")).toBeVisible();

    await page.getByRole("button", { name: "End roll call" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("1 person is still not accounted for:");
    await expect(dialog.getByRole("listitem")).toHaveText(["Gus Drill"]);
    await expectAccessible(page, "ending a drill");
    await keepScreenshot(page, "28-roll-call-end", { fullPage: false });
    await dialog.getByRole("button", { name: "End it" }).click();

    await page.getByRole("link", { name: "Open the record" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      `Drill at ${site.location.Name}`,
    );
    const table = page.getByRole("table");
    await expect(table.getByRole("row", { name: /Gus Drill/ })).toContainText("Not accounted for");
    await expect(table.getByRole("row", { name: /Fay Drill/ })).toContainText(staff.firstName);
    await expect(table.getByRole("row", { name: /Gus Drill/ }).getByRole("listitem")).toHaveText([
      new RegExp(`Marked safe · ${staff.firstName} .* · [A-Za-z ]+ [A-Z2-9]{4}$`),
      new RegExp(`Undone · ${staff.firstName} .* · [A-Za-z ]+ [A-Z2-9]{4}$`),
    ]);
    await expectAccessible(page, "roll call record");
    await expectNoHorizontalOverflow(page, "roll call record on a phone");
    // Nor does its table scroll sideways in its own region.
    const region = page.getByRole("region", { name: /^Drill at/ });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await keepScreenshot(page, "28-roll-call-record");
    await page.setViewportSize(tablet820);
    await expectNoHorizontalOverflow(page, "roll call record on a tablet");
    await keepScreenshot(page, "28-roll-call-record-tablet");
    await page.setViewportSize(viewports.phone);

    // The server's CSV: a line per mark, who made it, from which phone.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const text = await (
      await (await download).createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString("utf8"));
    expect(
      text.startsWith("\uFEFFName,Program,Status,Mark,MarkedAt,MarkedBy,Device,ReceivedAt\n"),
    ).toBe(true);
    const gus = text.split("\n").filter((line) => line.startsWith("Gus Drill,"));
    expect(gus.map((line) => line.split(",").slice(2, 4))).toEqual([
      ["Not accounted for", "Safe"],
      ["Not accounted for", "Undone"],
    ]);
    expect(text).toMatch(
      new RegExp(
        `\nFay Drill,${site.programs[0]!.Name},Safe,Safe,[^,]+,${staff.firstName} [^,]+,[A-Za-z ]+ [A-Z2-9]{4},[^,\n]+\n`,
      ),
    );

    // Listed under Reports → Roll calls.
    await page.goto("/dashboard/reports/roll-calls");
    await expect(page.getByRole("table")).toContainText(site.location.Name);
    await expectAccessible(page, "roll calls list");
  } finally {
    await phone.context.close();
  }
});
