import { readFileSync } from "node:fs";
import { logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, keepScreenshot, test } from "../support/fixtures.ts";
import { openAdminPage } from "../support/menu.ts";
import { runState } from "../support/state.ts";

test("backups: an admin opens Backups, backs up now, sees it listed and downloads it", async ({
  page,
}) => {
  const { admin } = runState();
  await logInContext(page.context(), admin);

  await page.goto("/dashboard");
  await openAdminPage(page, "Backups");
  await expect(page).toHaveURL("/admin/backups");
  await expect(page.getByRole("heading", { name: "Backups" })).toBeVisible();
  const made = page.getByRole("row").filter({ hasText: "Backed up now" });
  const before = await made.count();

  await page.getByRole("button", { name: "Back up now" }).click();
  // A backup copies and compresses the whole database: seconds, more while other journeys run.
  await expect(made).toHaveCount(before + 1, { timeout: 60_000 });
  const newest = made.first();
  await expect(newest).toContainText(/\d+(\.\d)? (KB|MB)/);
  await expectAccessible(page, "backups");
  await keepScreenshot(page, "backups");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    newest.getByRole("link", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^backup-.*-manual\.tar\.gz$/);
  const bytes = readFileSync(await download.path());
  // A gzip stream: what `tar -xzf` and `pnpm restore` read.
  expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
});
