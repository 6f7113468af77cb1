import { expect, test } from "../support/fixtures.ts";
import { liveBound as live } from "../support/live.ts";
import { listFetches, twoTablets } from "../support/two-tablets.ts";
import { confirmSignOut } from "../support/sheet.ts";

test("two tablets at one location see the same visitors without a reload, through the live stream", async ({
  adminApi,
  setUpTablet,
}) => {
  const tablets = await twoTablets({ adminApi, setUpTablet }, "Twin Hall", ["Pantry", "Tutoring"]);
  const { location, programs, first, second } = tablets;
  const program = programs[0]!;
  for (const tablet of [first, second])
    await expect(tablet).toHaveURL(`/sheet/${location.id}?programId=${program.id}`);

  // A visitor signs in on the first tablet.
  await first.getByRole("link", { name: "Sign in" }).click();
  const lookup = first.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/visits/search",
  );
  await first.getByLabel("Phone Number").pressSequentially("6505550123");
  await lookup;
  await first.getByLabel("Temperature").fill("98.2");
  await first.getByLabel("First Name").fill("Linus");
  await first.getByLabel("Last Name").fill("Twin");
  // The second tablet shows it through its live stream (about a second, the product says; a
  // failure bound of 5 s here, well inside its 15 s refresh). Neither tablet fetches a list from
  // here on: the first shows its own sign-in from the answer, and both streams are live.
  const firstFetches = listFetches(first);
  const secondFetches = listFetches(second);
  await first.getByRole("button", { name: "Submit" }).click();
  await expect(first.getByRole("row").filter({ hasText: "Linus T." })).toBeVisible();
  const onSecond = second.getByRole("row").filter({ hasText: "Linus T." });
  await expect(onSecond).toBeVisible({ timeout: live });
  await expect(onSecond).toContainText("xxx-xxx-0123");

  // Signed out on the second tablet, gone from the first the same way.
  await onSecond.getByRole("button", { name: "Sign Out" }).click();
  await confirmSignOut(second);
  await expect(onSecond).toHaveCount(0);
  await expect(first.getByRole("row").filter({ hasText: "Linus T." })).toHaveCount(0, {
    timeout: live,
  });
  for (const fetches of [firstFetches, secondFetches]) {
    expect(fetches.sent()).toEqual([]);
    fetches.stop();
  }
  expect(await tablets.secondNeverReloaded()).toBe(true);
});
