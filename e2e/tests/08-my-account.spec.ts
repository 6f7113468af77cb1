import { request } from "@playwright/test";
import { Api, createSite, logInContext, freshConnection } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { mainMenu } from "../support/menu.ts";
import { solidPng } from "../support/png.ts";
import { runState } from "../support/state.ts";

test("my account: photo by the drop zone, a taken email, and an API token for scripts", async ({
  page,
  baseURL,
  newUser,
}) => {
  const user = await newUser();
  await logInContext(page.context(), user);
  const me = Api.of(page.context());

  await page.goto("/dashboard");
  await expect(page.getByText(`Hello, ${user.firstName}!`)).toBeVisible();
  await mainMenu(page).getByRole("link", { name: "My Account" }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expect(page.getByLabel("Is an administrator?")).toHaveCount(0);
  await expectAccessible(page, "my account");
  const header = page.getByRole("banner");
  await expect(header.locator("img")).toHaveCount(0);

  // A photo through the drop zone's file input, uploaded at once, saved with Submit.
  const zone = page.getByLabel("Choose a picture");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng() });
  await expect(page.getByText("me.png: Uploaded. Submit to save it.")).toBeVisible();
  await expect(zone).toHaveAttribute("aria-disabled", "true");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByText("Your account has been updated!")).toBeVisible();
  await expect(header.locator("img")).toBeVisible();
  const saved = (await me.get("/api/users/me")).json;
  expect(saved.pictureUrl).toBeTruthy();
  await expect(header.locator("img")).toHaveAttribute("src", saved.pictureUrl);
  const picture = await page.request.get(saved.pictureUrl, { headers: freshConnection });
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toContain("image/png");
  expect((await picture.body()).equals(solidPng())).toBe(true);

  // Removed again.
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(zone).not.toHaveAttribute("aria-disabled", "true");
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(header.locator("img")).toHaveCount(0);
  expect((await me.get("/api/users/me")).json.pictureUrl).toBeNull();

  // Someone else's email.
  await page.getByLabel("Email").fill(runState().admin.email);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.getByText("Email already registered.")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  expect((await me.get("/api/users/me")).json.email).toBe(user.email);

  // An API token: shown once, works for a script, stops working when revoked.
  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByLabel("Token name").fill("nightly report");
  await tokens.getByRole("button", { name: "Create token" }).click();
  const created = tokens
    .getByRole("status")
    .filter({ hasText: "Copy it now: it will not be shown again." });
  await expect(created).toBeVisible();
  const secret = (await created.locator("pre, code").first().innerText()).trim();
  expect(secret.length).toBeGreaterThan(20);
  const tokenRow = tokens.getByRole("row").filter({ hasText: "nightly report" });
  await expect(tokenRow).toBeVisible();
  await expectAccessible(page, "my account with a token");

  const script = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });
  try {
    const before = await script.get("/api/users/me");
    expect(before.status()).toBe(200);
    expect((await before.json()).email).toBe(user.email);
    expect((await script.get("/api/locations")).status()).toBe(200);

    await tokens.getByRole("button", { name: "Done" }).click();
    await expect(created).toHaveCount(0);
    page.once("dialog", (dialog) => void dialog.accept());
    await tokenRow.getByRole("button", { name: "Revoke" }).click();
    await expect(tokenRow).toHaveCount(0);

    // Revoked: every call is refused, "who am I" included.
    expect((await script.get("/api/locations")).status()).toBe(401);
    const after = await script.get("/api/users/me");
    expect(after.status()).toBe(401);
    expect(await after.text()).not.toContain(user.email);
  } finally {
    await script.dispose();
  }
});

test("my account: e-mail alerts for a program at a location and the daily summary, in English and Spanish", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { location, programs } = await createSite(adminApi, "Alert Hall", ["Pantry", "Tutoring"]);
  const user = await newUser();
  await logInContext(page.context(), user);
  const me = Api.of(page.context());

  await page.goto("/account");
  const alerts = page.getByRole("region", { name: "E-mail alerts" });
  await expect(alerts.getByText(`E-mails sent to ${user.email}`)).toBeVisible();
  await alerts.getByLabel("Daily summary").check();
  await alerts.getByRole("checkbox", { name: `${programs[1]!.Name} at ${location.Name}` }).check();
  await alerts.getByRole("button", { name: "Save alerts" }).click();
  await expect(alerts.getByRole("status")).toHaveText("Your e-mail alerts are saved.");
  expect((await me.get("/api/users/me/notifications")).json).toEqual({
    signIns: [{ locationId: location.id, programId: programs[1]!.id }],
    dailySummary: true,
  });
  await expectAccessible(page, "my account's e-mail alerts");

  // In Spanish, as saved: the same choices, read back from the server.
  await me.expect(200, "PATCH", `/api/users/${(await me.get("/api/users/me")).json.id}`, {
    language: "es",
  });
  await page.reload();
  const avisos = page.getByRole("region", { name: "Avisos por correo" });
  await expect(avisos.getByLabel("Resumen diario")).toBeChecked();
  await expect(
    avisos.getByRole("checkbox", { name: `${programs[1]!.Name} en ${location.Name}` }),
  ).toBeChecked();
  await expect(
    avisos.getByRole("checkbox", { name: `${programs[0]!.Name} en ${location.Name}` }),
  ).not.toBeChecked();
  await expectAccessible(page, "my account's e-mail alerts in Spanish");
  for (const [size, viewport] of [
    ["phone", viewports.phone],
    ["tablet", viewports.tablet],
  ] as const) {
    await page.setViewportSize(viewport);
    // From the top, as the page opens: the sticky header over nothing.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoHorizontalOverflow(page, `e-mail alerts at ${size}`);
    await keepScreenshot(page, `account-alerts-${size}`);
  }
});
