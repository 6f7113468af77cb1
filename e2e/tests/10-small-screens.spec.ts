import type { Locator, Page } from "@playwright/test";
import {
  createProgram,
  createSite,
  freshConnection,
  logInContext,
  signInVisitor,
  unique,
} from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { staffMenuLinks } from "../support/menu.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  expectNothingClipped,
  keepScreenshot,
  tabletSizes,
  test,
  viewports,
} from "../support/fixtures.ts";
import { runState } from "../support/state.ts";

test("phone: the header folds into a menu that works", async ({ page, newUser }) => {
  const staff = await newUser();
  await logInContext(page.context(), staff);
  await page.setViewportSize(viewports.phone);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();

  // Folded: only the brand and the burger.
  const burger = page.getByRole("button", { name: "Open menu" });
  await expect(burger).toBeVisible();
  await expect(burger).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("link", { name: "Reports" })).toBeHidden();
  await expect(page.getByText(`Hello, ${staff.firstName}!`)).toBeHidden();
  await expectNoHorizontalOverflow(page, "My Account on a phone");

  await burger.click();
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu.getByRole("link")).toHaveText(staffMenuLinks);
  await expect(menu.getByText(`Hello, ${staff.firstName}!`)).toBeVisible();
  await expectAccessible(page, "phone menu");
  await keepScreenshot(page, "menu-phone");

  // A link navigates and folds the menu again.
  await menu.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL("/dashboard/reports");
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
  await expect(page.getByRole("link", { name: "Programs" })).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "My Account" })
    .click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
    "aria-expanded",
    "false",
  );
});

test("phone: Log out from the menu ends the session and goes home", async ({ page, newUser }) => {
  const staff = await newUser();
  await logInContext(page.context(), staff);
  await page.setViewportSize(viewports.phone);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await page.getByRole("button", { name: "Open menu" }).click();
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Log out" })
    .click();
  await expect(page).toHaveURL("/");
  await expect(
    page.getByRole("heading", { name: "Visitor sign-in, without the paper." }),
  ).toBeVisible();
  expect((await page.request.get("/api/users/me", { headers: freshConnection })).status()).toBe(
    204,
  );
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Main" });
  await expect(menu.getByRole("link")).toHaveText(["Home", "Log in"]);
});

test("phone: the intake questions' list shows each question, its badge and its buttons whole", async ({
  page,
  adminApi,
  newUser,
}) => {
  const tag = unique();
  const label = `Do you confirm your household's income is within the guidelines? ${tag}`;
  // Asked by a program of its own: the other journeys' kiosks, at the same time, never ask it.
  const program = await createProgram(adminApi, `Phone questions ${tag}`);
  await adminApi.expect(201, "POST", "/api/questions", {
    Kind: "yesno",
    Label: { en: label, es: label },
    Required: true,
    ProgramIds: [program.id],
  });
  const admin = await newUser({ isAdmin: true });
  await logInContext(page.context(), admin);
  await page.setViewportSize(viewports.phone);
  await page.goto("/admin/questions");
  const row = page.getByText(label);
  await expect(row).toBeVisible();
  await expectNoHorizontalOverflow(page, "questions on a phone");
  await expectNothingClipped(page, "questions on a phone");
});

test("tablets: the sheet and the sign-in form fit the screen, upright and sideways", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite(
    "Narrow Hall With A Rather Long Name For A Tablet",
    ["Food Pantry And Groceries", "Homework Help", "Job Search"],
  );
  await signInVisitor(adminApi, {
    LocationId: location.id,
    ProgramId: programs[0]!.id,
    FirstName: "Maximilian-Alexander",
    LastName: "Featherstonehaugh",
    PhoneNumber: "2125550188",
  });

  for (const [name, size] of tabletSizes) {
    await page.setViewportSize(size);
    await page.goto(`/sheet/${location.id}`);
    await expect(
      page.getByRole("row").filter({ hasText: "Maximilian-Alexander F." }),
    ).toBeVisible();
    await expectNoHorizontalOverflow(page, `sheet at ${name}`);
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await expectNoHorizontalOverflow(page, `sign-in form at ${name}`);
    // With the error markers showing too.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Enter your 10-digit phone number")).toBeVisible();
    await expectNoHorizontalOverflow(page, `sign-in form with errors at ${name}`);
  }
});

// One journey per size: each reads and checks a dozen pages, which together took too near a
// journey's time-out on a loaded machine.
const sizes = [
  ["tablet", viewports.tablet],
  ["phone", viewports.phone],
] as const;
for (const [size, viewport] of sizes) {
  test(`screenshots of the main pages at ${size} size`, async ({
    page,
    adminApi,
    newUser,
    setUpTablet,
  }) => {
    const { reports } = runState();
    const { location, programs } = await createSite(adminApi, "Picture Hall", [
      "Pantry",
      "Tutoring",
    ]);
    await signInVisitor(adminApi, {
      LocationId: location.id,
      ProgramId: programs[0]!.id,
      FirstName: "Grace",
      LastName: "Picture",
      PhoneNumber: "4155550142",
    });
    // The home page, for a visitor not logged in (logged in, it opens the dashboard).
    await page.setViewportSize(viewport);
    await shoot(
      page,
      "/",
      page.getByRole("heading", { name: "Visitor sign-in, without the paper." }),
      `home-${size}`,
    );
    const staff = await newUser();
    await logInContext(page.context(), staff);
    const sheet = (await setUpTablet(location.id, { staff })).page;
    await sheet.setViewportSize(viewport);
    await shoot(
      page,
      "/dashboard",
      page.getByRole("heading", { name: "Dashboard", level: 1 }),
      `dashboard-${size}`,
    );
    await shoot(
      page,
      `/dashboard/reports?from=${reports.from}&to=${reports.to}`,
      page.getByText(`${reports.visits.length} visits`),
      `reports-${size}`,
    );
    await shoot(
      page,
      "/account",
      page.getByRole("heading", { name: "My Account" }),
      `account-${size}`,
    );
    await shoot(
      page,
      `/dashboard/on-site?locationId=${location.id}`,
      page.getByRole("region", { name: location.Name, exact: true }).getByText("Grace Picture"),
      `on-site-${size}`,
    );
    await expectNoHorizontalOverflow(page, `on site at ${size}`);
    // The roll call as printed from this screen.
    await page.emulateMedia({ media: "print" });
    await keepScreenshot(page, `on-site-print-${size}`);
    await expectNoHorizontalOverflow(page, `on-site print at ${size}`);
    await page.emulateMedia({ media: "screen" });
    await shoot(
      sheet,
      `/sheet/${location.id}`,
      sheet.getByRole("row").filter({ hasText: "Grace P." }),
      `sheet-${size}`,
    );
    // The location's name is never under the language or staff button (all three shown).
    const name = await sheet.getByRole("heading", { level: 1, name: location.Name }).boundingBox();
    expect(name, `the location's name at ${size}`).not.toBeNull();
    for (const button of ["Español", "Staff"]) {
      const box = await sheet
        .getByRole("banner")
        .getByRole("button", { name: button })
        .boundingBox();
      expect(box, `${button} at ${size}`).not.toBeNull();
      const overlaps =
        name!.x < box!.x + box!.width &&
        box!.x < name!.x + name!.width &&
        name!.y < box!.y + box!.height &&
        box!.y < name!.y + name!.height;
      expect(overlaps, `the name and ${button} at ${size}`).toBe(false);
    }
    await shoot(
      sheet,
      `/sheet/${location.id}/sign-in?programId=${programs[0]!.id}`,
      sheet.getByRole("heading", { name: "Sign In" }),
      `sign-in-${size}`,
    );
  });
}

async function shoot(page: Page, path: string, ready: Locator, name: string) {
  await page.goto(path);
  await expect(ready).toBeVisible();
  await expectAccessible(page, name);
  await keepScreenshot(page, name);
}
