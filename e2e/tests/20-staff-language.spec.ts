import { logInContext } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";

// Staff pages are in English; only the kiosk follows the browser's language.
test.use({ locale: "es-ES" });

test("staff language: a Spanish browser sees the reports page in English", async ({
  page,
  newUser,
}) => {
  await logInContext(page.context(), await newUser());
  await page.goto("/dashboard/reports?from=2025-01-01&to=2025-01-31");
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  const summary = page.getByRole("region", { name: "Summary" });
  await expect(summary.getByText("Unique visitors", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Last month" })).toBeVisible();
  await expect(page.getByText("Visitantes únicos")).toHaveCount(0);
  await expect(page.getByText("Mes pasado")).toHaveCount(0);
});
