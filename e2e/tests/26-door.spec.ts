import type { Response } from "@playwright/test";
import { decodePosterQr } from "../support/poster-qr.ts";
import { createSite, logInContext, signInVisitor, uniquePhone } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, keepScreenshot, test, viewports } from "../support/fixtures.ts";
import { liveBound } from "../support/live.ts";

// The door: staff turn on self sign-in and print the poster; a visitor scans it, signs in on their
// own phone in Spanish, the tablet at the same door shows them at once, and their sign-out takes
// them off it. The phone never receives anyone else's name or number.

test("a visitor signs in and out on their own phone from the door's poster, and the tablet follows", async ({
  adminApi,
  newUser,
  setUpTablet,
  browser,
  page,
}) => {
  const site = await createSite(adminApi, "Door Hall", ["Pantry"]);
  const { location } = site;
  const program = site.programs[0]!;
  // Her number's first visit is the one she makes here, so her phone's secret proves it later.
  const rosasPhone = uniquePhone();
  // Someone else is signed in here: the phone must never hear of them.
  const other = { FirstName: "Otto", LastName: "Elsewhere", PhoneNumber: "4155550999" };
  await signInVisitor(adminApi, { LocationId: location.id, ProgramId: program.id, ...other });

  // An admin turns the door on in the location's form; a staff member (not an admin) opens the
  // location's page from the list and prints its poster.
  await logInContext(page.context(), await newUser({ isAdmin: true }));
  await page.goto(`/dashboard/locations/${location.id}/edit`);
  await page.getByLabel("Visitors may sign in on their own phone").check({ force: true });
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL("**/dashboard/locations");
  await logInContext(page.context(), await newUser());
  await page.goto("/dashboard/locations");
  await page
    .getByRole("row", { name: new RegExp(location.Name) })
    .getByRole("link", { name: "Door and tablets" })
    .click();
  await expect(page.getByRole("heading", { name: "Sign in from a phone" })).toBeVisible();
  await page.setViewportSize(viewports.tabletLandscape);
  await keepScreenshot(page, "26-door-staff-location-1024x768");
  const [poster] = await Promise.all([
    page.context().waitForEvent("page"),
    page.getByRole("link", { name: "Print poster" }).click(),
  ]);
  await poster.waitForLoadState();
  await poster.setViewportSize(viewports.tablet);
  await keepScreenshot(poster, "26-door-poster-768x1024");
  await expect(poster.getByRole("heading", { level: 1 })).toHaveText(location.Name);
  const link = await decodePosterQr(poster);
  expect(link).toMatch(/\/d\/[A-Za-z0-9_-]{16}$/);
  await expect(poster.locator(".link")).toHaveText(link!.replace(/^https?:\/\//, ""));

  // The tablet at the same door, on the program's sheet.
  const tablet = await setUpTablet(location.id);
  await tablet.page.goto(`/sheet/${location.id}?programId=${program.id}`);
  await expect(tablet.page.getByText("Otto E.")).toBeVisible();

  // The visitor's phone opens the link; every answer it gets is checked for other visitors.
  const phoneContext = await browser.newContext({
    viewport: viewports.phone,
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  // Every response the phone gets: its page and files, and every API answer.
  const bodies: Array<Promise<{ path: string; body: string }>> = [];
  phoneContext.on("response", (response: Response) => {
    const path = new URL(response.url()).pathname;
    bodies.push(
      response.text().then(
        (body) => ({ path, body }),
        () => ({ path, body: "" }),
      ),
    );
  });
  await phone.goto(new URL(link!).pathname);
  await expect(phone.getByLabel("Phone Number")).toBeVisible();
  await keepScreenshot(phone, "26-door-form-en-390x844");
  await expectAccessible(phone, "the door's page on a phone");
  await phone.getByRole("button", { name: "Español" }).click();
  await phone.getByLabel("Número de teléfono").pressSequentially(rosasPhone);
  await phone.getByLabel("Temperatura").fill("98.4");
  await phone.getByLabel("Nombre", { exact: true }).fill("Rosa");
  await phone.getByLabel("Apellido", { exact: true }).fill("Serrano");
  await keepScreenshot(phone, "26-door-form-390x844");

  // The phone loses its network as the visitor sends: it says so, and keeps what was typed.
  await phoneContext.setOffline(true);
  await phone.getByRole("button", { name: "Enviar" }).click();
  await expect(
    phone.getByRole("alert").filter({ hasText: "No tiene conexión" }).last(),
  ).toBeVisible();
  await expect(phone.getByLabel("Número de teléfono")).toHaveValue(
    `${rosasPhone.slice(0, 3)}-${rosasPhone.slice(3, 6)}-${rosasPhone.slice(6)}`,
  );
  await expect(phone.getByLabel("Nombre", { exact: true })).toHaveValue("Rosa");
  await expect(phone.getByLabel("Apellido", { exact: true })).toHaveValue("Serrano");
  await expect(phone.getByLabel("Temperatura")).toHaveValue("98.4");
  await keepScreenshot(phone, "26-door-offline-390x844");
  await phoneContext.setOffline(false);
  await expect(phone.locator("[data-door-offline]")).toBeHidden();

  await phone.getByRole("button", { name: "Enviar" }).click();
  await expect(phone.getByText(/Está registrado\/a en Door Hall .* desde las/)).toBeVisible();
  await expect(tablet.page.getByText("Rosa S.")).toBeVisible({ timeout: liveBound });
  await keepScreenshot(phone, "26-door-signed-in-390x844");
  await expectAccessible(phone, "the door's signed-in page, in Spanish");

  // Later (a reload keeps the language the visitor chose on their own phone), the phone still
  // knows its visit; the visitor signs out from it.
  await phone.reload();
  await expect(phone.getByText(/Está registrado\/a en Door Hall .* desde las/)).toBeVisible();
  await phone.getByRole("button", { name: "Salir" }).click();
  await expect(phone.getByText(/Registró su salida de Door Hall/)).toBeVisible();
  await expect(tablet.page.getByText("Rosa S.")).toBeHidden({ timeout: liveBound });
  await keepScreenshot(phone, "26-door-signed-out-390x844");

  // She comes again: her phone proves her number with its earlier visit's secret, so the door asks
  // whether it is her, and fills her names in on yes.
  await phone.getByRole("button", { name: "Registrar entrada otra vez" }).click();
  const lookup = phone.waitForResponse((response) => response.url().includes("/visitor?"));
  await phone.getByLabel("Número de teléfono").pressSequentially(rosasPhone);
  expect((await lookup).status()).toBe(200);
  await expect(phone.getByLabel("Nombre", { exact: true })).toHaveValue("");
  const asked = phone.getByRole("group", { name: "Rosa S. — ¿es usted?" });
  await keepScreenshot(phone, "26-door-is-this-you-390x844", { fullPage: false });
  await expectAccessible(phone, "the door asks whether it is her");
  await asked.getByRole("button", { name: "Sí, soy yo" }).click();
  await expect(phone.getByLabel("Apellido", { exact: true })).toHaveValue("Serrano");

  // A new code: the old poster's link now says it is out of date.
  await adminApi.expect(201, "POST", `/api/locations/${location.id}/door-code`);
  await phone.goto(new URL(link!).pathname);
  await expect(phone.getByText(/Este cartel está desactualizado/)).toBeVisible();

  const received = await Promise.all(bodies);
  for (const { path, body } of received) {
    expect(body, path).not.toContain(other.FirstName);
    expect(body, path).not.toContain(other.LastName);
    expect(body, path).not.toContain(other.PhoneNumber.slice(-4));
  }
  // The door, the lookup of the visitor's own number (with her phone's proof), the sign-in, the
  // visit read again, the sign-out and the out-of-date door all answered, and were all read.
  const answers = received.filter(({ path }) => path.startsWith("/api/door/")).map((r) => r.path);
  for (const call of [/^\/api\/door\/[^/]+$/, /\/visitor$/, /\/visits$/, /\/sign-out$/])
    expect(
      answers.some((path) => call.test(path)),
      String(call),
    ).toBe(true);
  await phoneContext.close();
});
