import { expect, test } from "../support/fixtures.ts";
import { twoTablets } from "../support/two-tablets.ts";
import { confirmSignOut } from "../support/sheet.ts";

test("two tablets at one location see the same visitors without a reload", async ({
  page,
  browser,
  baseURL,
  adminApi,
  newUser,
}) => {
  const tablets = await twoTablets({ page, browser, baseURL, adminApi, newUser }, "Twin Hall", [
    "Pantry",
    "Tutoring",
  ]);
  const { location, programs, second } = tablets;
  const program = programs[0]!;
  try {
    for (const tablet of [page, second])
      await expect(tablet).toHaveURL(`/sheet/${location.id}?programId=${program.id}`);

    // A visitor signs in on the first tablet.
    await page.getByRole("link", { name: "Sign in" }).click();
    const lookup = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/visits/search",
    );
    await page.getByLabel("Phone Number").pressSequentially("6505550123");
    await lookup;
    await page.getByLabel("Temperature").fill("98.2");
    await page.getByLabel("First Name").fill("Linus");
    await page.getByLabel("Last Name").fill("Twin");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Linus T." })).toBeVisible();

    // The second tablet refreshes by itself (every 15 s, and on focus).
    const onSecond = second.getByRole("row").filter({ hasText: "Linus T." });
    await expect(onSecond).toBeVisible({ timeout: 40_000 });
    await expect(onSecond).toContainText("xxx-xxx-0123");

    // Signed out on the second tablet, gone from the first.
    await onSecond.getByRole("button", { name: "Sign Out" }).click();
    await confirmSignOut(second);
    await expect(onSecond).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "Linus T." })).toHaveCount(0, {
      timeout: 40_000,
    });
    expect(await tablets.secondNeverReloaded()).toBe(true);
  } finally {
    await tablets.close();
  }
});
