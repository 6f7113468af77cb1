import type { Page } from "@playwright/test";

/** A visitor's row on the sheet, by the name it shows ("Maria L."). */
export function sheetRow(page: Page, name: string) {
  return page.getByRole("row").filter({ hasText: name });
}

/** Answers the sheet's "Are you sure?" with Sign Out. */
export async function confirmSignOut(page: Page) {
  await page
    .getByRole("dialog", { name: "Are you sure?" })
    .getByRole("button", { name: "Sign Out" })
    .click();
}

/** A visitor signs out from their row on the sheet: the row's Sign Out, then the confirmation. */
export async function signOutRow(page: Page, name: string) {
  await sheetRow(page, name).getByRole("button", { name: "Sign Out" }).click();
  await confirmSignOut(page);
}
