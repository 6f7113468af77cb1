import { expect, test } from "../support/fixtures.ts";
import { listFetches, twoTablets } from "../support/two-tablets.ts";
import { confirmSignOut } from "../support/sheet.ts";

/** How long a change may take to show on another tablet here: a bound, not the measure (13-live). */
const live = 5_000;

test("two tablets at one location see the same visitors without a reload, through the live stream", async ({
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
    // The second tablet shows it through its live stream (about a second, the product says; a
    // failure bound of 5 s here, well inside its 15 s refresh), fetching no list meanwhile.
    const secondFetches = listFetches(second);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Linus T." })).toBeVisible();
    const onSecond = second.getByRole("row").filter({ hasText: "Linus T." });
    await expect(onSecond).toBeVisible({ timeout: live });
    expect(secondFetches.sent()).toEqual([]);
    secondFetches.stop();
    await expect(onSecond).toContainText("xxx-xxx-0123");

    // Signed out on the second tablet, gone from the first the same way.
    await onSecond.getByRole("button", { name: "Sign Out" }).click();
    const firstFetches = listFetches(page);
    await confirmSignOut(second);
    await expect(onSecond).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "Linus T." })).toHaveCount(0, {
      timeout: live,
    });
    expect(firstFetches.sent()).toEqual([]);
    firstFetches.stop();
    expect(await tablets.secondNeverReloaded()).toBe(true);
  } finally {
    await tablets.close();
  }
});
