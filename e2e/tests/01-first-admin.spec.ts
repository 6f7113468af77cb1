import type { Page } from "@playwright/test";
import { unique, freshConnection } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { runState } from "../support/state.ts";

test("first admin: log in, create three programs, a location with two of them, reorder by drag and drop", async ({
  page,
}) => {
  const { admin } = runState();
  const tag = unique();
  const names = [`Food Pantry ${tag}`, `Tutoring ${tag}`, `Job Help ${tag}`];

  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expectAccessible(page, "login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(page.getByText(`Hello, ${admin.firstName}!`)).toBeVisible();
  await expect(nav.getByRole("button", { name: "Admin" })).toBeVisible();

  // Three programs, one at a time, from the Programs page.
  await nav.getByRole("link", { name: "Programs" }).click();
  await expect(page.getByRole("heading", { name: "Programs" })).toBeVisible();
  await expectAccessible(page, "programs");
  for (const name of names) {
    await page.getByRole("link", { name: "Add New Program" }).click();
    await expect(page.getByRole("heading", { name: "Add New Program" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL("/dashboard/programs");
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  }
  const [pantry, tutoring, jobs] = names as [string, string, string];

  // A location with two of them: Food Pantry then Tutoring, then Tutoring dragged above Food Pantry.
  await nav.getByRole("link", { name: "Locations" }).click();
  await page.getByRole("link", { name: "Add New Location" }).click();
  await expect(page.getByRole("heading", { name: "Add New Location" })).toBeVisible();
  const locationName = `Riverside ${tag}`;
  await page.getByLabel("Name", { exact: true }).fill(locationName);
  await page.getByLabel("Address").fill(`${tag} River Rd`);
  const programs = page.getByRole("group", { name: "Programs" });
  await programs.getByRole("checkbox", { name: pantry }).check();
  await programs.getByRole("checkbox", { name: tutoring }).check();
  await expectAccessible(page, "location form");

  const rows = programs.getByRole("listitem");
  const ourRows = () => rows.filter({ hasText: tag });
  // Checked programs keep their place in the list: move Tutoring right above Food Pantry.
  const order = async () => (await ourRows().allInnerTexts()).map((t) => t.trim());
  const before = await order();
  const from = before.indexOf(tutoring);
  const to = before.indexOf(pantry);
  expect(from).toBeGreaterThanOrEqual(0);
  expect(to).toBeGreaterThanOrEqual(0);
  await dragRow(page, `Move ${tutoring}`, `Move ${pantry}`);
  await expect.poll(order).toEqual(moved(before, from, before.indexOf(pantry)));
  await expect(programs.getByRole("checkbox", { name: jobs })).not.toBeChecked();

  await page.getByRole("button", { name: "Submit" }).click();
  // Saved, the new location opens on its own page (its door's poster, its tablets).
  await expect(page).toHaveURL(/\/dashboard\/locations\/\d+\/tablets$/);
  await expect(
    page.getByRole("heading", { name: `Door and tablets at ${locationName}` }),
  ).toBeVisible();
  await nav.getByRole("link", { name: "Locations" }).click();
  await expect(page).toHaveURL("/dashboard/locations");
  const row = page.getByRole("row").filter({ hasText: locationName });
  await expect(row).toBeVisible();
  await expectAccessible(page, "locations");

  // The saved tab order: Tutoring first, then Food Pantry; Job Help not offered.
  const list = await page.request.get("/api/locations", { headers: freshConnection });
  const saved = ((await list.json()) as Array<{ id: number; Name: string }>).find(
    (l) => l.Name === locationName,
  );
  expect(saved).toBeTruthy();
  const detail = await page.request.get(`/api/locations/${saved!.id}`, {
    headers: freshConnection,
  });
  expect(detail.status()).toBe(200);
  expect(
    ((await detail.json()) as { Programs: Array<{ Name: string }> }).Programs.map((p) => p.Name),
  ).toEqual([tutoring, pantry]);

  // The edit page shows the same order, checked first.
  await row.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByRole("heading", { name: "Edit Location" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(locationName);
  const editRows = page.getByRole("group", { name: "Programs" }).getByRole("listitem");
  await expect(editRows.nth(0)).toHaveText(tutoring);
  await expect(editRows.nth(1)).toHaveText(pantry);
  await expect(editRows.nth(0).getByRole("checkbox")).toBeChecked();
  await expect(editRows.nth(1).getByRole("checkbox")).toBeChecked();
});

function moved<T>(items: T[], from: number, to: number): T[] {
  const copy = [...items];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** Drags one row's handle onto another's with the mouse, in small steps as a person would. */
async function dragRow(page: Page, handleName: string, targetName: string) {
  const handle = page.getByRole("button", { name: handleName });
  const target = page.getByRole("button", { name: targetName });
  await handle.scrollIntoViewIfNeeded();
  const a = (await handle.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Past the 5px activation distance, then on to the target row.
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + (b.y > a.y ? 10 : -10), {
    steps: 5,
  });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + (b.y > a.y ? 5 : -5), {
    steps: 15,
  });
  await page.mouse.up();
}
