import { readFile } from "node:fs/promises";
import { createSite, logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, keepScreenshot, test, viewports } from "../support/fixtures.ts";
import { openAdminPage } from "../support/menu.ts";
import { solidPng } from "../support/png.ts";
import { retentionDays } from "../support/retention-data.ts";
import { runState } from "../support/state.ts";

test("a site in °C with its own logo and its confirmation time: set on the location form, shown on the sheet and the sign-in form", async ({
  page,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const { location, programs } = await createSite(adminApi, "Celsius Hall", ["Pantry"]);
  await logInContext(page.context(), await newUser({ isAdmin: true }));

  await page.goto(`/dashboard/locations/${location.id}/edit`);
  await page.getByRole("radio", { name: "°C (Celsius)" }).check();
  await page.locator('input[type="file"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: solidPng(64, [200, 60, 40]),
  });
  await expect(page.getByText("logo.png: Uploaded. Submit to save it.")).toBeVisible();
  // The confirmation's time on the tablet, within its bounds: said by the field, not corrected.
  const confirmation = page.getByLabel("Show the confirmation for (seconds)");
  await confirmation.fill("1");
  await expect(confirmation).toHaveAccessibleDescription(/Whole seconds from 2 to 30\./);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(`/dashboard/locations/${location.id}/edit`);
  await confirmation.fill("10");
  await expectAccessible(page, "location form with logo");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard/locations");
  const saved = await adminApi.expect(200, "GET", `/api/locations/${location.id}`);
  expect(saved).toMatchObject({
    TemperatureUnit: "C",
    LogoUrl: expect.stringMatching(/^\/api\/files\//),
    ConfirmationSeconds: 10,
  });

  const sheet = (await setUpTablet(location.id, { viewport: viewports.tablet })).page;
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
  const visits = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visits.map((v: { Temperature: string }) => v.Temperature)).toEqual(["37.2"]);
});

test("a site that stopped asking temperatures: switched off on the location form, no question on the sign-in form, no column on the sheet", async ({
  page,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const { location, programs } = await createSite(adminApi, "No Thermometer Hall", ["Pantry"]);
  await logInContext(page.context(), await newUser({ isAdmin: true }));
  await page.goto(`/dashboard/locations/${location.id}/edit`);
  const asks = page.getByRole("switch", { name: "Ask visitors their temperature" });
  await expect(asks).toBeChecked();
  await asks.uncheck();
  // Without the question, its unit is not asked either.
  await expect(page.getByRole("radio", { name: "°C (Celsius)" })).toHaveCount(0);
  await expectAccessible(page, "location form without temperatures");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard/locations");
  expect(await adminApi.expect(200, "GET", `/api/locations/${location.id}`)).toMatchObject({
    AsksTemperature: false,
  });

  const sheet = (await setUpTablet(location.id, { viewport: viewports.tablet })).page;
  await sheet.goto(`/sheet/${location.id}`);
  await sheet.getByRole("link", { name: "Sign in" }).click();
  await expect(sheet.getByLabel("Phone Number")).toBeVisible();
  await expect(sheet.getByLabel(/Temperature/)).toHaveCount(0);
  await sheet.getByLabel("Phone Number").pressSequentially("4155550172");
  await sheet.getByLabel("First Name", { exact: true }).fill("Noor");
  await sheet.getByLabel("Last Name", { exact: true }).fill("Plain");
  await sheet.getByRole("radio", { name: programs[0]!.Name }).check();
  await keepScreenshot(sheet, "17-sign-in-without-temperature");
  await sheet.getByRole("button", { name: "Submit" }).click();
  const welcome = sheet.getByRole("dialog", { name: "Welcome, Noor!" });
  await welcome.getByRole("button", { name: "Done" }).click();
  await expect(welcome).toHaveCount(0);
  const table = sheet.getByRole("table");
  await expect(table.getByRole("cell", { name: "Noor P." })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Temperature" })).toHaveCount(0);
  await keepScreenshot(sheet, "17-sheet-without-temperature");
  const visits = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visits.map((v: { Temperature: string | null }) => v.Temperature)).toEqual([null]);
});

test("retention: 'erase after N days' erases old visits' names, phones and temperatures while the report still counts them", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { location, visits } = runState().retention;
  const reportOf = async () => {
    const reply = await adminApi.get(
      `/api/visits?locationId=${location.id}&from=2019-03-01&to=2019-03-31`,
    );
    return {
      total: Number(reply.headers["x-total-count"]),
      names: reply.json.map((v: { FirstName: string }) => v.FirstName).sort(),
    };
  };
  expect(await reportOf()).toEqual({ total: 3, names: ["Olga", "Oona", "Otto"] });
  // What the reports chart draws: visits per day, each day's bars by program.
  const chartOf = async () => {
    const days: Array<{ key: string; count: number }> = await adminApi.expect(
      200,
      "GET",
      `/api/visits/summary?locationId=${location.id}&from=2019-03-01&to=2019-03-31&groupBy=day`,
    );
    return days.map((day) => [day.key, day.count]);
  };
  const chartBefore = await chartOf();
  expect(chartBefore.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(3);

  await logInContext(page.context(), await newUser({ isAdmin: true }));
  await page.goto("/dashboard");
  await openAdminPage(page, "Settings");
  await expect(page.getByText("Off: visitors' personal details are kept.")).toBeVisible();
  // The settings page has other forms (report presets): retention's Save is its section's.
  const saveRetention = page
    .getByRole("region", { name: "Visitors' personal details" })
    .getByRole("button", { name: "Save" });
  try {
    await page
      .getByRole("switch", { name: "Erase visitors' personal details after a number of days" })
      .check();
    const days = page.getByLabel("Erase visitors' personal details after N days");
    // 0 days would erase everyone at once: refused by the field, nothing saved.
    await days.fill("0");
    await saveRetention.click();
    await expect(days).toHaveAccessibleDescription(/Days must be at least 30/);
    await expect(days).toHaveValue("0");
    await keepScreenshot(page, "17-retention-zero-refused", { fullPage: false });
    expect((await adminApi.expect(200, "GET", "/api/settings")).eraseAfterDays).toBeNull();

    // A real setting says what it will erase before it is saved; cancelled, nothing changes.
    await days.fill(String(retentionDays()));
    await saveRetention.click();
    const confirm = page.getByRole("dialog", {
      name: `Erase the details of ${visits.length} visits?`,
    });
    await expect(confirm).toContainText(`${visits.length} visits signed in before`);
    for (const [name, size] of [
      ["phone", viewports.phone],
      ["820x1180", { width: 820, height: 1180 }],
      ["desktop", { width: 1280, height: 800 }],
    ] as const) {
      await page.setViewportSize(size);
      await keepScreenshot(page, `17-retention-confirm-${name}`, { fullPage: false });
    }
    await expectAccessible(page, "retention confirmation");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    expect((await adminApi.expect(200, "GET", "/api/settings")).eraseAfterDays).toBeNull();
    await saveRetention.click();
    await confirm.getByRole("button", { name: "Save and erase" }).click();
    await expect(page.getByText("Saved.")).toBeVisible();
    // Everything from before 2022: this journey's three visits, nothing else.
    await expect(page.getByText(`The next run will erase ${visits.length} visits.`)).toBeVisible();
    await expectAccessible(page, "settings");
    await keepScreenshot(page, "17-settings-retention");

    await page.getByRole("button", { name: "Erase now" }).click();
    await page
      .getByRole("dialog", { name: `Erase the details of ${visits.length} visits now?` })
      .getByRole("button", { name: "Erase now" })
      .click();
    await expect(page.getByText(`Erased the details of ${visits.length} visits.`)).toBeVisible();
    await expect(page.getByText("The next run will erase 0 visits.")).toBeVisible();
    // Still three visits in the report and the same bars in the chart, nobody's name left.
    expect(await reportOf()).toEqual({ total: 3, names: ["", "", ""] });
    expect(await chartOf()).toEqual(chartBefore);
    // The other journeys' old data sets (2025) keep their details: the oldest visit of each.
    for (const { visits: seeded } of [runState().reports, runState().chart]) {
      const oldest = [...seeded].sort((a, b) => a.TimeIn.localeCompare(b.TimeIn))[0]!;
      const kept = await adminApi.expect(200, "GET", `/api/visits/${oldest.id}`);
      expect(kept.FirstName).toBe(oldest.FirstName);
    }

    // Or as TEFAP asks: kept until three years after the federal fiscal year closes, no days.
    await page
      .getByRole("radio", { name: "Until three years after the federal fiscal year closes" })
      .check();
    await expect(days).toHaveCount(0);
    for (const [name, size] of [
      ["phone", viewports.phone],
      ["820x1180", { width: 820, height: 1180 }],
    ] as const) {
      await page.setViewportSize(size);
      await keepScreenshot(page, `17-retention-fiscal-year-${name}`);
    }
    await saveRetention.click();
    await expect(page.getByText("Saved.")).toBeVisible();
    expect(await adminApi.expect(200, "GET", "/api/settings")).toMatchObject({
      eraseAfterDays: null,
      retentionRule: "federal_fiscal_year",
    });
  } finally {
    await adminApi.expect(200, "PATCH", "/api/settings", { eraseAfterDays: null });
  }
});

test("a request to be forgotten: one phone's visits exported, then erased", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { location, programs } = await createSite(adminApi, "Forget Hall", ["Pantry"]);
  const phone = `41559${String(Date.now()).slice(-5)}`;
  await adminApi.expect(201, "POST", "/api/visits", {
    FirstName: "Faye",
    LastName: "Forgotten",
    PhoneNumber: phone,
    Temperature: "98.1",
    LocationId: location.id,
    ProgramId: programs[0]!.id,
  });

  await logInContext(page.context(), await newUser({ isAdmin: true }));
  await page.goto("/admin/settings");
  await page.getByLabel("Their phone number").fill(phone);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export their visits" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`visits-${phone}.json`);
  const exported = JSON.parse(await readFile(await file.path(), "utf8"));
  expect(exported.map((v: { FirstName: string }) => v.FirstName)).toEqual(["Faye"]);
  await expect(page.getByText(`1 visit exported to visits-${phone}.json.`)).toBeVisible();

  await page.getByRole("button", { name: "Erase their details" }).click();
  const dialog = page.getByRole("dialog", { name: "Erase this person's details?" });
  await dialog.getByRole("button", { name: "Erase" }).click();
  await expect(page.getByText("Erased from 1 visit.")).toBeVisible();
  const report = await adminApi.get(`/api/visits?locationId=${location.id}`);
  expect(report.headers["x-total-count"]).toBe("1");
  expect(report.json[0]).toMatchObject({
    FirstName: "",
    LastName: "",
    PhoneNumber: "",
    Temperature: "",
  });
});
