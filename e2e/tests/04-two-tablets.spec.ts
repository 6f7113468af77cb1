import { createSite, setUpTabletContext } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";

test("two tablets at one location see the same visitors without a reload", async ({ page, browser, baseURL, adminApi, newUser }) => {
  const { location, programs } = await createSite(adminApi, "Twin Hall", ["Pantry", "Tutoring"]);
  const program = programs[0]!;
  const staff = await newUser();
  const other = await browser.newContext({ baseURL });
  try {
    await setUpTabletContext(page.context(), staff, location.id);
    await setUpTabletContext(other, staff, location.id);
    const second = await other.newPage();

    await page.goto(`/sheet/${location.id}`);
    await second.goto(`/sheet/${location.id}`);
    for (const tablet of [page, second]) {
      await expect(tablet).toHaveURL(`/sheet/${location.id}?programId=${program.id}`);
      await expect(tablet.getByText("Nobody is signed in right now.")).toBeVisible();
    }
    // Any reload of the second tablet would lose this mark.
    await second.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    // A visitor signs in on the first tablet.
    await page.getByRole("link", { name: "Sign in" }).click();
    const lookup = page.waitForResponse((response) => response.url().includes("visits.search"));
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
    await second.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Sign Out" }).click();
    await expect(onSecond).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "Linus T." })).toHaveCount(0, { timeout: 40_000 });
    expect(await second.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  } finally {
    await other.close();
  }
});
