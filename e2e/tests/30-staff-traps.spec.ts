import type { Browser, Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "@vsi/test-utils/chromium";
import { decodePosterQr } from "../support/poster-qr.ts";
import { Api, createSite, logInContext, unique } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { startFreshInstall } from "../support/server.ts";

// A new coordinator's first day, without the traps: a poster whose QR code a phone can open, an
// invite that says it was not e-mailed and hands over its link, a retention setting that refuses
// nonsense and says what it will erase before it is saved, staff forms that say what is wrong
// where the person is looking.

const sizes = [
  ["phone", viewports.phone],
  ["820x1180", { width: 820, height: 1180 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

/** Logs in on the login page at `origin`, as a person does. */
async function logInAt(page: Page, origin: string, person: { email: string; password: string }) {
  await page.goto(`${origin}/login`);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText(/^Hello, /)).toBeVisible();
}

/** Opens the location's poster from its door page, as staff do. */
async function openPoster(page: Page, origin: string, locationId: number): Promise<Page> {
  await page.goto(`${origin}/dashboard/locations/${locationId}/tablets`);
  await expect(page.getByRole("heading", { name: "Sign in from a phone" })).toBeVisible();
  await expectAccessible(page, "the location's door page");
  const [poster] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "Print poster" }).click(),
  ]);
  await poster.waitForLoadState();
  return poster;
}

test("the door poster's QR code opens on a visitor's phone from the address staff use, and warns where only this computer's name is known", async ({
  playwright,
}) => {
  test.slow();
  // No BASE_URL, as `npm start` runs: links come from the address the staff member opened.
  const fresh = await startFreshInstall({ baseUrl: false });
  const port = new URL(fresh.baseUrl).port;
  // The site's name on its network: this browser finds the server by it, as a phone on the
  // site's Wi-Fi finds the computer by its address.
  const siteHost = "signin-office.test";
  const browser: Browser = await playwright.chromium.launch({
    executablePath: chromiumPath(),
    args: [...chromiumArgs, `--host-resolver-rules=MAP ${siteHost} 127.0.0.1`],
  });
  const errors: string[] = [];
  try {
    const setup = await Api.create(fresh.baseUrl);
    await setup.login(fresh.admin.email, fresh.admin.password);
    const program = await setup.expect(201, "POST", "/api/programs", {
      Name: "Pantry",
      LocationIds: [],
    });
    const location = await setup.expect(201, "POST", "/api/locations", {
      Name: "Harbor Hall",
      Address: "1 Harbor Way",
      ProgramIds: [program.id],
      SelfSignIn: true,
    });
    await setup.dispose();

    const siteOrigin = `http://${siteHost}:${port}`;
    const staff = await browser.newContext({ viewport: sizes[2][1] });
    staff.on("page", (p) => p.on("pageerror", (e) => errors.push(`${p.url()}: ${e.message}`)));
    const page = await staff.newPage();
    await logInAt(page, siteOrigin, fresh.admin);
    const poster = await openPoster(page, siteOrigin, location.id);
    await expect(poster.getByRole("heading", { level: 1 })).toHaveText("Harbor Hall");
    const link = await decodePosterQr(poster);
    expect(link).toMatch(new RegExp(`^http://${siteHost}:${port}/d/[A-Za-z0-9_-]{16}$`));
    await expect(poster.locator(".link")).toHaveText(link!.replace(/^https?:\/\//, ""));
    await expect(poster.getByRole("alert")).toHaveCount(0);
    for (const [name, size] of sizes) {
      await poster.setViewportSize(size);
      await expectNoHorizontalOverflow(poster, `poster at ${name}`);
      await keepScreenshot(poster, `30-poster-${name}`);
    }
    await expectAccessible(poster, "the poster");

    // A visitor's phone opens the printed address itself, not just its path.
    const phone = await browser.newContext({
      viewport: viewports.phone,
      isMobile: true,
      hasTouch: true,
    });
    const visitor = await phone.newPage();
    visitor.on("pageerror", (e) => errors.push(`${visitor.url()}: ${e.message}`));
    await visitor.goto(link!);
    await expect(visitor.getByText("Harbor Hall").first()).toBeVisible();
    await expect(visitor.getByLabel("Phone Number")).toBeVisible();
    await keepScreenshot(visitor, "30-poster-link-on-a-phone");
    await phone.close();

    // The same staff member on this computer's own name: the poster cannot work, and says so.
    await logInAt(page, fresh.baseUrl, fresh.admin);
    const local = await openPoster(page, fresh.baseUrl, location.id);
    const warning = local.getByRole("alert");
    await expect(warning).toContainText("Phones cannot open this poster's link");
    await expect(warning).toContainText("127.0.0.1");
    await expect(warning).toContainText("BASE_URL");
    for (const [name, size] of sizes) {
      await local.setViewportSize(size);
      await expectNoHorizontalOverflow(local, `poster with its warning at ${name}`);
      await keepScreenshot(local, `30-poster-warning-${name}`);
    }
    await expectAccessible(local, "the poster with its warning");
    await staff.close();
  } finally {
    await browser.close();
    await fresh.close();
  }
  expect(errors, "uncaught errors in the pages").toEqual([]);
});

test("an invite with no mail server says it was not e-mailed and offers a link that works; a forgotten password says to ask an admin", async ({
  page,
  browser,
  baseURL,
  newUser,
}) => {
  const tag = unique();
  const invitee = {
    firstName: `Nell${tag}`,
    lastName: "Nomail",
    email: `nell-${tag}@example.org`,
    password: `no-mail-${tag}-7`,
  };
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await logInContext(page.context(), await newUser({ isAdmin: true }));
  await page.goto("/admin/users/invite");
  await page.getByLabel("First Name").fill(invitee.firstName);
  await page.getByLabel("Last Name").fill(invitee.lastName);
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByRole("button", { name: "Submit" }).click();

  // No "Invite sent!": it was not; its link is there to pass on.
  const notice = page.getByRole("region", { name: "Invite saved, but not e-mailed" });
  await expect(notice).toBeVisible();
  await expect(page.getByText("Invite sent!")).toHaveCount(0);
  await expect(notice).toContainText("E-mail is not set up on this server");
  const shown = await notice.getByLabel("Invite link").inputValue();
  expect(shown).toMatch(new RegExp(`^${baseURL}/invites/[0-9a-f-]{36}$`));
  await notice.getByRole("button", { name: "Copy link" }).click();
  await expect(notice.getByRole("button", { name: "Copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shown);
  for (const [name, size] of sizes) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `invite link at ${name}`);
    await keepScreenshot(page, `30-invite-link-${name}`);
  }
  await expectAccessible(page, "the invite's link");

  // The link, pasted into the invitee's own browser, opens their invite; they join.
  const theirs = await browser.newContext({ baseURL });
  try {
    const their = await theirs.newPage();
    await their.goto(copied);
    await expect(their.getByRole("heading", { name: "You're Invited" })).toBeVisible();
    await their.getByLabel("Password").fill(invitee.password);
    await their.getByRole("button", { name: "Submit" }).click();
    await expect(their).toHaveURL("/account");
    await expect(their.getByText("Your account has been created!")).toBeVisible();

    // Resending from Users says the same, with the same link.
    const second = { firstName: `Ned${tag}`, email: `ned-${tag}@example.org` };
    await page.setViewportSize(sizes[2][1]);
    await page.goto("/admin/users/invite");
    await page.getByLabel("First Name").fill(second.firstName);
    await page.getByLabel("Email").fill(second.email);
    await page.getByRole("button", { name: "Submit" }).click();
    const secondLink = await notice.getByLabel("Invite link").inputValue();
    await notice.getByRole("link", { name: "Back to Users" }).click();
    await expect(page).toHaveURL("/admin/users");
    page.once("dialog", (dialog) => void dialog.accept());
    await page
      .getByRole("region", { name: "Invites" })
      .getByRole("row")
      .filter({ hasText: second.email })
      .getByRole("button", { name: "Resend" })
      .click();
    await expect(notice).toBeVisible();
    await expect(notice.getByLabel("Invite link")).toHaveValue(secondLink);
    await expectAccessible(page, "manage users with a resent invite's link");

    // The public page never hands a reset link to whoever typed an address.
    const stranger = await theirs.newPage();
    await theirs.clearCookies();
    await stranger.goto("/passwords/forgot");
    await stranger.getByLabel("Email").fill(invitee.email);
    await stranger.getByRole("button", { name: "Submit" }).click();
    const refusal = stranger.getByRole("alert");
    await expect(refusal).toContainText("could not be e-mailed");
    await expect(refusal).toContainText("Ask an administrator");
    await expect(stranger).toHaveURL("/passwords/forgot");
    expect(await stranger.content()).not.toContain("/passwords/reset/");
    for (const [name, size] of sizes) {
      await stranger.setViewportSize(size);
      await keepScreenshot(stranger, `30-forgot-without-mail-${name}`);
    }
    await expectAccessible(stranger, "forgot password without mail");
  } finally {
    await theirs.close();
  }
});

test("staff forms say what is wrong by the field: an empty or duplicate program name, an empty question, a location's error scrolled to", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { location, programs } = await createSite(adminApi, "Forms Hall", ["Pantry"]);
  const taken = programs[0]!.Name;
  await logInContext(page.context(), await newUser({ isAdmin: true }));

  // A program without a name.
  await page.goto("/dashboard/programs/new");
  const name = page.getByLabel("Name", { exact: true });
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(name).toHaveAccessibleDescription(/Name is required/);
  await expect(name).toBeFocused();
  await expect(page).toHaveURL("/dashboard/programs/new");

  // A program with the name another one has, in other letters' case: refused by the name.
  await name.fill(taken.toUpperCase());
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(name).toHaveAccessibleDescription(
    `A program named “${taken}” already exists: give this one another name.`,
  );
  await expect(page).toHaveURL("/dashboard/programs/new");
  const all = await adminApi.expect(200, "GET", "/api/programs");
  expect(
    all.filter((p: { Name: string }) => p.Name.toLowerCase() === taken.toLowerCase()),
  ).toHaveLength(1);
  for (const [label, size] of sizes) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `program form at ${label}`);
    await keepScreenshot(page, `30-program-duplicate-${label}`);
  }
  await page.setViewportSize(sizes[2][1]);
  await expectAccessible(page, "program form with its error");

  // A question without its words.
  await page.goto("/admin/questions/new");
  await page.getByRole("button", { name: "Submit" }).click();
  const label = page.getByLabel("Question in English");
  await expect(label).toHaveAccessibleDescription(/Label in English is required/);
  await expect(page.getByText("An unexpected error has occurred")).toHaveCount(0);
  await expect(label).toBeFocused();
  for (const [sizeName, size] of sizes) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `question form at ${sizeName}`);
    await keepScreenshot(page, `30-question-empty-${sizeName}`);
  }
  await expectAccessible(page, "question form with its error");

  // A location's name emptied, submitted from the bottom of its long form: the page goes to it.
  for (const [sizeName, size] of sizes) {
    await page.setViewportSize(size);
    await page.goto(`/dashboard/locations/${location.id}/edit`);
    const locationName = page.getByLabel("Name", { exact: true });
    await locationName.fill("");
    const submit = page.getByRole("button", { name: "Submit" });
    await submit.scrollIntoViewIfNeeded();
    await expect(locationName).not.toBeInViewport();
    await submit.click();
    await expect(locationName).toHaveAccessibleDescription(/Name is required/);
    await expect(locationName).toBeFocused();
    await expect(locationName).toBeInViewport();
    await keepScreenshot(page, `30-location-error-${sizeName}`, { fullPage: false });
  }
  await expectAccessible(page, "location form with its error");
});
