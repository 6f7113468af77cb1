import { createSite, logInContext, freshConnection } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";

test("tablet set-up: staff turns this browser into a location's sheet", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { location, programs } = await createSite(adminApi, "Tablet Hall", [
    "Pantry",
    "Tutoring",
    "Job Help",
  ]);
  const [first, second, third] = programs as [
    (typeof programs)[0],
    (typeof programs)[0],
    (typeof programs)[0],
  ];
  const staff = await newUser();
  await logInContext(page.context(), staff);

  await page.goto("/dashboard");
  await expect(page.getByText(`Hello, ${staff.firstName}!`)).toBeVisible();
  await page.getByRole("link", { name: "Manage Locations" }).click();
  await expect(page.getByRole("heading", { name: "Locations", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: location.Name });
  await row.getByRole("button", { name: "Set Up Tablet" }).click();
  // It asks first, naming what happens.
  const ask = page.getByRole("dialog", { name: "Set up this browser as a tablet?" });
  await expect(ask).toContainText(
    `This will log you out and turn this browser into the sign-in sheet for ${location.Name}.`,
  );
  await expectAccessible(page, "set up tablet question");
  await ask.getByRole("button", { name: "Set Up Tablet" }).click();

  // The sheet of that location, its first program selected (the history entry replaced).
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${first.id}`);
  await expect(page.getByRole("heading", { name: location.Name, level: 1 })).toBeVisible();
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText([first.Name, second.Name, third.Name]);
  await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "false");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Nobody is signed in right now.")).toBeVisible();
  await expect(page.locator("footer")).toContainText(location.Address);
  await expectAccessible(page, "sheet");

  // The staff session is over: the kiosk shows no staff links, the server knows nobody, staff pages are closed.
  await expect(page.getByRole("button", { name: "Staff" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^My Account$|^Log in$|^Home$/ })).toHaveCount(0);
  await expect(page.getByText(/^Hello,/)).toHaveCount(0);
  expect((await page.request.get("/api/users/me", { headers: freshConnection })).status()).toBe(
    204,
  );

  // Another tab works, and the tablet's home /sheet/ returns to this location.
  await tabs.nth(2).click();
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${third.id}`);
  await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
  await page.goto("/sheet/");
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${first.id}`);
  await expect(page.getByRole("heading", { name: location.Name, level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: location.Name, level: 1 })).toBeVisible();
  await expect(tabs).toHaveText([first.Name, second.Name, third.Name]);

  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
});
