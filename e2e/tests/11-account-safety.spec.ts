import { Api, createSite, logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { runState } from "../support/state.ts";

test("a new password logs out every other browser and says so", async ({
  page,
  browser,
  newUser,
}) => {
  const user = await newUser();
  await logInContext(page.context(), user);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await logInContext(other, user);
    await otherPage.goto("/account");
    await expect(otherPage.getByRole("heading", { name: "My Account" })).toBeVisible();

    await page.goto("/account");
    await page.getByLabel("Password", { exact: true }).fill("brand-new-pass-1");
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Your password was changed, so you were logged out everywhere else." }),
    ).toBeVisible();
    // The API tokens are right there on the same page.
    await expect(page.getByRole("region", { name: "API tokens" })).toBeVisible();
    await expectAccessible(page, "my account after a password change");

    // This browser stays logged in; the other one is sent to the login page at its next call.
    await page.reload();
    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
    await otherPage.reload();
    await expect(otherPage).toHaveURL("/login");
  } finally {
    await other.close();
  }
});

test("an admin deactivates a user, who is logged out and cannot log in, then reactivates them", async ({
  page,
  browser,
  newUser,
}) => {
  const user = await newUser();
  await logInContext(page.context(), runState().admin);
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  try {
    await logInContext(userContext, user);
    await userPage.goto("/account");
    await expect(userPage.getByRole("heading", { name: "My Account" })).toBeVisible();

    await page.goto("/admin/users");
    const row = page.getByRole("row").filter({ hasText: user.email });
    await expect(row).toContainText("Active");
    // Nobody deactivates themselves: the admin's own row has no such button.
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: runState().admin.email })
        .getByRole("button", { name: "Deactivate" }),
    ).toHaveCount(0);
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: "Deactivate" }).click();
    await expect(row).toContainText("Inactive");
    await expect(row.getByRole("button", { name: "Reactivate" })).toBeVisible();
    await expectAccessible(page, "manage users with an inactive user");

    // The user's browser is logged out at once, and the login form answers as for a wrong password.
    await userPage.reload();
    await expect(userPage).toHaveURL("/login");
    await userPage.getByLabel("Email").fill(user.email);
    await userPage.getByLabel("Password").fill(user.password);
    await userPage.getByRole("button", { name: "Submit" }).click();
    await expect(userPage.getByRole("alert")).toHaveText("Invalid email and/or password.");

    // Still listed after a reload, and reactivated.
    await page.reload();
    const again = page.getByRole("row").filter({ hasText: user.email });
    await expect(again).toContainText("Inactive");
    page.once("dialog", (dialog) => void dialog.accept());
    await again.getByRole("button", { name: "Reactivate" }).click();
    await expect(again.getByRole("button", { name: "Deactivate" })).toBeVisible();
    await userPage.getByRole("button", { name: "Submit" }).click();
    await expect(userPage).not.toHaveURL("/login");
  } finally {
    await userContext.close();
  }
});

test("the location's edit page lists its tablets, Disconnect turns a tablet's sheet into the disconnected screen, and staff see the list too", async ({
  page,
  browser,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const { location } = await createSite(adminApi, "Disconnect Hall", ["Pantry"]);
  const staff = await newUser({ firstName: "Tabitha" });
  const tablet = (await setUpTablet(location.id, { staff })).page;
  await tablet.goto(`/sheet/${location.id}`);
  await expect(tablet.getByRole("heading", { name: location.Name, level: 1 })).toBeVisible();

  await logInContext(page.context(), runState().admin);
  await page.goto(`/dashboard/locations/${location.id}/edit`);
  const tablets = page.getByRole("region", { name: "Tablets" });
  const row = tablets.getByRole("row").filter({ hasText: staff.lastName });
  await expect(row).toContainText(`Tabitha ${staff.lastName}`);
  await expectAccessible(page, "location edit with tablets");
  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: "Disconnect" }).click();
  await expect(row).toContainText("Disconnected");
  expect(
    (await Api.of(page.context()).get(`/api/locations/${location.id}/tablets`)).json[0].revokedAt,
  ).toBeTruthy();

  // The tablet's next call is refused; its page says why instead of offering a login form.
  await tablet.reload();
  await expect(tablet).toHaveURL("/sheet/disconnected");
  await expect(tablet.getByRole("heading", { name: "This tablet was disconnected" })).toBeVisible();
  await expect(tablet.getByLabel("Password")).toHaveCount(0);
  await expectAccessible(tablet, "disconnected tablet");

  // Staff who are not admins see the same list from Locations → Tablets.
  const staffContext = await browser.newContext();
  try {
    await logInContext(staffContext, await newUser());
    const staffPage = await staffContext.newPage();
    await staffPage.goto("/dashboard/locations");
    await staffPage
      .getByRole("row")
      .filter({ hasText: location.Name })
      .getByRole("link", { name: "Tablets" })
      .click();
    await expect(
      staffPage.getByRole("heading", { name: `Tablets at ${location.Name}` }),
    ).toBeVisible();
    await expect(staffPage.getByRole("row").filter({ hasText: staff.lastName })).toContainText(
      "Disconnected",
    );
    await expectAccessible(staffPage, "a location's tablets for staff");
  } finally {
    await staffContext.close();
  }
});

test("the login page shows a 429 with the wait in minutes", async ({ page, newUser }) => {
  const user = await newUser();
  // This browser's address has guessed wrong for this email as often as it may.
  const guesser = Api.of(page.context());
  for (let i = 0; i < 10; i++)
    expect(
      (await guesser.post("/api/auth/login", { email: user.email, password: "wrong-guess-1" }))
        .status,
    ).toBe(422);

  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Too many attempts. Please try again in 15 minutes.",
  );
  await expect(page).toHaveURL("/login");
});
