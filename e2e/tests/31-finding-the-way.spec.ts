import type { Locator } from "@playwright/test";
import { Api, createSite, logInContext, signInVisitor, unique } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  mainMenu,
  openAdminMenu,
  openFoldedMenu,
  staffMenuLinks,
  staffPages,
} from "../support/menu.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";

// A new coordinator finds the way without being told: logging in opens the dashboard, each admin
// page has its name in the menu and on the page, My Account is in the menu, a new location opens
// on its door's poster, and the pages used in a hurry on a phone have targets a thumb can hit and
// a roll-call count that stays in sight.

const sizes = [
  ["820x1180", { width: 820, height: 1180 }],
  ["390x844", viewports.phone],
  ["1280x800", { width: 1280, height: 800 }],
] as const;

/** The admin pages: the menu's words, the page's own title, its address. */
const adminPages = [
  ["Users", "Users", "/admin/users"],
  ["Questions", "Questions", "/admin/questions"],
  ["Settings", "Settings", "/admin/settings"],
  ["Backups", "Backups", "/admin/backups"],
  ["Webhooks", "Webhooks", "/admin/webhooks"],
  ["Audit log", "Audit log", "/admin/audit"],
] as const;

/** Every visible button (and link drawn as one) in a part of the page, with its height. */
async function buttonHeights(within: Locator): Promise<Array<[string, number]>> {
  const heights: Array<[string, number]> = [];
  for (const button of await within.locator("button, a.mantine-Button-root").all()) {
    if (!(await button.isVisible())) continue;
    const box = (await button.boundingBox())!;
    const name = (await button.getAttribute("aria-label")) ?? (await button.innerText());
    heights.push([name.trim().split("\n")[0]!, Math.round(box.height)]);
  }
  return heights;
}

test("logging in opens the dashboard; every admin page and My Account are in the menu, each page with its own title", async ({
  page,
  browser,
  baseURL,
  newUser,
}) => {
  const admin = await newUser({ isAdmin: true });

  // A visitor not logged in still sees what the product is.
  await page.goto("/");
  await expect(
    page.getByRole("heading", { name: "Visitor sign-in, without the paper." }),
  ).toBeVisible();

  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Contact Us")).toHaveCount(0);
  // The product's name leads a logged-in person to their dashboard, not to the home page.
  await page.getByRole("link", { name: "Visitor Sign-In" }).click();
  await expect(page).toHaveURL("/dashboard");
  await page.goto("/");
  await expect(page).toHaveURL("/dashboard");

  // On a desktop: Admin opens a list of its pages; each opens with its own title.
  for (const [label, title, path] of adminPages) {
    const menu = await openAdminMenu(page);
    if (label === "Users") {
      await expect(menu.getByRole("menuitem")).toHaveText(adminPages.map(([name]) => name));
      await expectAccessible(page, "the admin menu");
      await keepScreenshot(page, "31-admin-menu-1280x800", { fullPage: false });
    }
    await menu.getByRole("menuitem", { name: label }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} · Visitor Sign-In`);
    await expectAccessible(page, `the ${label} page`);
  }
  await expect(page.getByRole("heading", { name: "Manage Users" })).toHaveCount(0);
  // The old address still opens the first admin page.
  await page.goto("/admin");
  await expect(page).toHaveURL("/admin/users");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Users");

  await mainMenu(page).getByRole("link", { name: "My Account" }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();
  await expect(page.getByText(`Hello, ${admin.firstName}!`)).toBeVisible();

  for (const [name, size] of sizes) {
    await page.setViewportSize(size);
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page, `settings at ${name}`);
    await keepScreenshot(page, `31-admin-page-${name}`, { fullPage: false });
    if (name === "1280x800") continue;
    // Folded on a phone and an upright tablet: the same pages, and My Account.
    const menu = await openFoldedMenu(page);
    await expect(menu.getByRole("link")).toHaveText([
      ...staffPages,
      ...adminPages.map(([label]) => label),
      "My Account",
      "Log out",
    ]);
    await expectAccessible(page, `the folded menu at ${name}`);
    await keepScreenshot(page, `31-menu-${name}`, { fullPage: false });
    await menu.getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL("/admin/webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await openFoldedMenu(page);
    await mainMenu(page).getByRole("link", { name: "My Account" }).click();
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  }

  // Staff who are not admins see no admin pages in the menu, and the server refuses them.
  const staff = await newUser();
  const theirs = await browser.newContext({ baseURL });
  try {
    await logInContext(theirs, staff);
    const their = await theirs.newPage();
    await their.goto("/dashboard");
    await expect(their.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(mainMenu(their).getByRole("button", { name: "Admin" })).toHaveCount(0);
    await expect(mainMenu(their).getByRole("link", { name: "My Account" })).toBeVisible();
    await their.setViewportSize(viewports.phone);
    const menu = await openFoldedMenu(their);
    await expect(menu.getByRole("link")).toHaveText(staffMenuLinks);
    const api = Api.of(theirs);
    const refused = [
      await api.get("/api/users"),
      await api.get("/api/settings"),
      await api.get("/api/backups"),
      await api.get("/api/webhooks"),
      await api.get("/api/audit"),
    ];
    expect(refused.map((reply) => reply.status)).toEqual([403, 403, 403, 403, 403]);
  } finally {
    await theirs.close();
  }
});

test("a new location, once saved, opens on its door's poster", async ({ page, newUser }) => {
  const admin = await newUser({ isAdmin: true });
  await logInContext(page.context(), admin);
  const name = `Harbor Hall ${unique()}`;
  await page.goto("/dashboard/locations/new");
  await expect(page.getByRole("heading", { name: "Add New Location" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Address").fill("1 Harbor Way");
  await page.getByRole("switch", { name: "Visitors may sign in on their own phone" }).check();
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(/\/dashboard\/locations\/\d+\/tablets$/);
  await expect(page.getByRole("heading", { name: `Door and tablets at ${name}` })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(`${name} was saved`);
  await expect(page.getByRole("link", { name: "Print poster" })).toBeVisible();
  await expectAccessible(page, "a new location's door page");
  await keepScreenshot(page, "31-new-location-door-1280x800");
  // Saved without the phone door: the page says where to open it.
  const closed = `Quiet Hall ${unique()}`;
  await page.goto("/dashboard/locations/new");
  await page.getByLabel("Name", { exact: true }).fill(closed);
  await page.getByLabel("Address").fill("2 Harbor Way");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: `Door and tablets at ${closed}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit Location" })).toBeVisible();
});

test("on a phone, On site's Sign out and the roll call's buttons are 44 px tall, and the roll call's count stays on screen as the list scrolls", async ({
  browser,
  adminApi,
  newUser,
}) => {
  const site = await createSite(adminApi, "Thumb Hall", ["Pantry", "Tutoring"]);
  const suffix = String(Date.now()).slice(-4);
  const people = 14;
  for (let i = 0; i < people; i++)
    await signInVisitor(adminApi, {
      LocationId: site.location.id,
      ProgramId: site.programs[i % 2]!.id,
      FirstName: `Person${String.fromCharCode(65 + i)}`,
      LastName: "Thumb",
      PhoneNumber: `415-5${String(i).padStart(2, "0")}-${suffix}`,
    });
  const context = await browser.newContext({ viewport: viewports.phone });
  try {
    await logInContext(context, await newUser());
    const page = await context.newPage();
    await page.goto(`/dashboard/on-site?locationId=${site.location.id}`);
    const signOuts = page.getByRole("button", { name: /^Sign out / });
    await expect(signOuts).toHaveCount(people);
    const main = page.getByRole("main");
    const small = (await buttonHeights(main)).filter(([, height]) => height < 44);
    expect(small, "buttons under 44 px on the On site page").toEqual([]);
    // Each whole in sight, not cut off by its table's edge.
    for (const button of await signOuts.all()) {
      const table = (await button.locator("xpath=ancestor::*[@role='region'][1]").boundingBox())!;
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, `${await button.getAttribute("aria-label")}`).toBeLessThanOrEqual(
        table.x + table.width,
      );
    }
    await expectAccessible(page, "On site on a phone");
    await expectNoHorizontalOverflow(page, "On site on a phone");
    for (const [name, size] of sizes) {
      await page.setViewportSize(size);
      await keepScreenshot(page, `31-on-site-${name}`, { fullPage: false });
    }
    await page.setViewportSize(viewports.phone);

    await page.getByRole("button", { name: `Start roll call at ${site.location.Name}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/roll-calls\/\d+$/);
    const counter = page.getByRole("status").filter({ hasText: "accounted for" });
    await expect(counter).toHaveText(`0 of ${people} accounted for`);
    const rollCallButtons = (await buttonHeights(main)).filter(([, height]) => height < 44);
    expect(rollCallButtons, "buttons under 44 px on the roll call").toEqual([]);

    // Scrolled down to the last people and to End roll call, the count is still in sight, below
    // the header and under nothing.
    const last = page.getByRole("button", { name: /^PersonN Thumb / });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    await page.getByRole("button", { name: "End roll call" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await expect(counter).toHaveText(`1 of ${people} accounted for`);
    const header = (await page.getByRole("banner").boundingBox())!;
    const box = (await counter.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(box.y + box.height).toBeLessThanOrEqual(viewports.phone.height);
    const onTop = await counter.evaluate((element) => {
      const { left, top, width, height } = element.getBoundingClientRect();
      const hit = document.elementFromPoint(left + width / 2, top + height / 2);
      return hit !== null && element.contains(hit);
    });
    expect(onTop, "the count is not covered").toBe(true);
    await expectAccessible(page, "roll call scrolled on a phone");
    for (const [name, size] of sizes) {
      await page.setViewportSize(size);
      await page.getByRole("button", { name: "End roll call" }).scrollIntoViewIfNeeded();
      await expect(counter).toBeInViewport();
      await keepScreenshot(page, `31-roll-call-${name}`, { fullPage: false });
    }
  } finally {
    await context.close();
  }
});

test("the question form's one-line fields are all one height, at a tablet's, a phone's and a desktop's width", async ({
  page,
  newUser,
}) => {
  await logInContext(page.context(), await newUser({ isAdmin: true }));
  await page.goto("/admin/questions/new");
  // Every kind of one-line field the form has: a choice of kind, text, numbers.
  await page.getByRole("combobox", { name: "Kind of answer" }).click();
  await page.getByRole("option", { name: "Number", exact: true }).click();
  await page.getByRole("combobox", { name: "Asked" }).click();
  await page.getByRole("option", { name: "Once per visitor, remembered by phone number" }).click();
  await expect(page.getByLabel("Ask again after (months)")).toBeVisible();
  const fields = page
    .getByRole("main")
    .locator("input:not([type=checkbox]):not([type=hidden]):not([aria-hidden=true])");
  /** Each one-line field's height, by its label. */
  const heights = async () => {
    const found: Record<string, number> = {};
    for (const field of await fields.all()) {
      if (!(await field.isVisible())) continue;
      const id = (await field.getAttribute("id"))!;
      const label = (await page.locator(`label[for="${id}"]`).innerText()).trim();
      found[label] = Math.round((await field.boundingBox())!.height);
    }
    return found;
  };
  const allOf = (found: Record<string, number>, height: number) =>
    Object.fromEntries(Object.keys(found).map((label) => [label, height]));
  for (const [name, size] of sizes) {
    await page.setViewportSize(size);
    const found = await heights();
    expect(Object.keys(found).length, `fields at ${name}`).toBeGreaterThanOrEqual(6);
    expect(found, `field heights at ${name}`).toEqual(allOf(found, 44));
    await expectNoHorizontalOverflow(page, `the question form at ${name}`);
    // From the top: a whole page's picture shows the fixed header where it was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, `31-question-form-${name}`);
  }
  // A question with choices, on a phone: its choices' fields too.
  await page.setViewportSize(viewports.phone);
  await page.getByRole("combobox", { name: "Kind of answer" }).click();
  await page.getByRole("option", { name: "One of several choices" }).click();
  await page.getByRole("button", { name: "Add a choice" }).click();
  await expect(page.getByLabel("Choice 1 in English")).toBeVisible();
  const withChoices = await heights();
  expect(withChoices).toHaveProperty(["Choice 1 in English"]);
  expect(withChoices, "field heights with choices").toEqual(allOf(withChoices, 44));
  await expectNoHorizontalOverflow(page, "the question form with choices on a phone");
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(page, "31-question-form-choices-390x844");
  await expectAccessible(page, "the question form");
});
