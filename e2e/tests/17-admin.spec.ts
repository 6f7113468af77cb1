import { createSite, logInContext, setUpTabletContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, keepScreenshot, test, viewports } from "../support/fixtures.ts";
import { solidPng } from "../support/png.ts";

test("a site in °C with its own logo: set on the location form, shown on the sheet and the sign-in form", async ({ browser, page, adminApi, newUser }) => {
  const { location, programs } = await createSite(adminApi, "Celsius Hall", ["Pantry"]);
  await logInContext(page.context(), await newUser({ isAdmin: true }));

  await page.goto(`/dashboard/locations/${location.id}/edit`);
  await page.getByRole("radio", { name: "°C (Celsius)" }).check();
  await page.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: solidPng(64, [200, 60, 40]) });
  await expect(page.getByText("logo.png: Uploaded. Submit to save it.")).toBeVisible();
  await expectAccessible(page, "location form with logo");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard/locations");
  const saved = await adminApi.expect(200, "GET", `/api/locations/${location.id}`);
  expect(saved).toMatchObject({ TemperatureUnit: "C", LogoUrl: expect.stringMatching(/^\/api\/files\//) });

  const tablet = await browser.newContext({ viewport: viewports.tablet });
  try {
    await setUpTabletContext(tablet, await newUser(), location.id);
    const sheet = await tablet.newPage();
    await sheet.goto(`/sheet/${location.id}`);
    const logo = sheet.getByRole("img", { name: `${location.Name} logo` });
    await expect(logo).toHaveAttribute("src", saved.LogoUrl);
    // The image really loaded (a broken one has no natural width).
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await keepScreenshot(sheet, "17-sheet-with-logo");

    await sheet.getByRole("link", { name: "Sign in" }).click();
    await expect(sheet.getByLabel("Temperature (°C)")).toBeVisible();
    await expect(sheet.getByLabel("Temperature (°C)")).toHaveAttribute("placeholder", "37.0");
    await sheet.getByLabel("Phone Number").pressSequentially("4155550171");
    await sheet.getByLabel("Temperature (°C)").fill("98.6");
    await sheet.getByLabel("First Name", { exact: true }).fill("Amélie");
    await sheet.getByLabel("Last Name", { exact: true }).fill("Celsius");
    await sheet.getByRole("radio", { name: programs[0]!.Name }).check();
    // 98.6 is a fever no one survives in °C: asked about, with the site's unit.
    await sheet.getByRole("button", { name: "Submit" }).click();
    const check = sheet.getByRole("dialog", { name: "Is 98.6 right?" });
    await expect(check).toContainText("98.6 °C is outside the usual range for a person.");
    await check.getByRole("button", { name: "Change it" }).click();
    await sheet.getByLabel("Temperature (°C)").fill("37.2");
    await sheet.getByRole("button", { name: "Submit" }).click();
    await expect(sheet.getByRole("dialog", { name: "Welcome, Amélie!" })).toBeVisible();
    await keepScreenshot(sheet, "17-celsius-welcome");
  } finally {
    await tablet.close();
  }
  const visits = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visits.map((v: { Temperature: string }) => v.Temperature)).toEqual(["37.2"]);
});
