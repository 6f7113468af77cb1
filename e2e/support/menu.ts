import { expect, type Locator, type Page } from "@playwright/test";

/** The staff app's menu: the header's links on a wide screen, the burger's list on a narrow one. */
export const mainMenu = (page: Page): Locator => page.getByRole("navigation", { name: "Main" });

/** The pages every staff member has in the menu, in order, before an admin's. */
export const staffPages = [
  "Dashboard",
  "Locations",
  "Programs",
  "Reports",
  "On site",
  "Households",
];

/** A staff member's (not an admin's) links in the menu, in order. */
export const staffMenuLinks = [...staffPages, "My Account", "Log out"];

/** Opens the folded menu (a phone, an upright or sideways tablet) and returns it. */
export async function openFoldedMenu(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = mainMenu(page);
  await expect(menu).toBeVisible();
  return menu;
}

/** Opens Admin's list of pages in the header of a wide screen and returns it. */
export async function openAdminMenu(page: Page): Promise<Locator> {
  await mainMenu(page).getByRole("button", { name: "Admin" }).click();
  const menu = page.getByRole("menu", { name: "Admin" });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * Goes to an admin page by its name in the menu, as an admin does: from Admin's list on a wide
 * screen, from the folded menu on a narrow one. The page must have loaded.
 */
export async function openAdminPage(page: Page, name: string): Promise<void> {
  await expect(page.getByRole("banner")).toBeVisible();
  if (await page.getByRole("button", { name: "Open menu" }).isVisible()) {
    const menu = await openFoldedMenu(page);
    await menu.getByRole("link", { name, exact: true }).click();
  } else {
    const menu = await openAdminMenu(page);
    await menu.getByRole("menuitem", { name, exact: true }).click();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}
