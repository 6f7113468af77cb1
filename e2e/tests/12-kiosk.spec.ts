import type { Page, Route } from "@playwright/test";
import {
  createSite,
  lingeringConfirmation,
  setKioskTimings,
  signInVisitor,
} from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, keepScreenshot, tabletSizes, test } from "../support/fixtures.ts";
import { confirmSignOut, signOutRow } from "../support/sheet.ts";
import { fillSignIn, formLabels, signInOnSheet } from "../support/sign-in-form.ts";

test("confirmation screens: welcome and goodbye by name and time, then the sheet with the new row marked", async ({
  page,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite(
    "Welcome Hall",
    ["Food Pantry", "Tutoring"],
    lingeringConfirmation,
  );
  const pantry = programs[0]!;

  await page.goto(`/sheet/${location.id}`);
  await expect(page.getByText("0 signed in")).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await fillSignIn(page, {
    phone: "4155550111",
    temperature: "986",
    first: "Maria",
    last: "Lopez",
  });
  // An implausible temperature is asked about before anything is sent.
  await page.getByRole("button", { name: "Submit" }).click();
  const check = page.getByRole("dialog", { name: "Is 986 right?" });
  await expect(check).toContainText("986 °F is outside the usual range for a person.");
  await expectAccessible(page, "temperature check");
  await check.getByRole("button", { name: "Change it" }).click();
  await expect(page.getByLabel("Temperature")).toBeFocused();
  await page.getByLabel("Temperature").fill("98.6");
  await page.getByRole("button", { name: "Submit" }).click();

  const welcome = page.getByRole("dialog", { name: "Welcome, Maria!" });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByRole("status")).toHaveText(
    new RegExp(`^You're signed in to ${pantry.Name} at \\d{1,2}:\\d{2}\\s?[AP]M\\.$`),
  );
  await expect(welcome.getByRole("heading", { name: "Welcome, Maria!" })).toBeFocused();
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${pantry.id}`);
  await expectAccessible(page, "welcome confirmation");
  await welcome.getByRole("button", { name: "Done" }).click();
  await expect(welcome).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "Maria L." });
  await expect(row).toHaveAttribute("aria-current", "true");
  // The sheet, in front of everyone who walks in, shows no one's temperature.
  await expect(row).not.toContainText("98.6");
  await expect(page.getByText("1 signed in")).toBeVisible();

  await row.getByRole("button", { name: "Sign Out" }).click();
  await confirmSignOut(page);
  const goodbye = page.getByRole("dialog", { name: "Goodbye, Maria." });
  await expect(goodbye.getByRole("status")).toHaveText(/^Signed out at \d{1,2}:\d{2}\s?[AP]M\.$/);
  await expect(goodbye.getByRole("heading", { name: "Goodbye, Maria." })).toBeFocused();
  await expectAccessible(page, "goodbye confirmation");
  await goodbye.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Nobody is signed in right now.")).toBeVisible();
  await expect(page.getByText("0 signed in")).toBeVisible();
});

test("the confirmation stays as long as the location says, then goes by itself", async ({
  page,
  tabletSite,
}) => {
  const { location } = await tabletSite("Brief Hall", ["Pantry"], { ConfirmationSeconds: 30 });
  // The tablet's clock runs on its own, and the journey moves it on rather than sitting it out.
  await page.clock.install();
  await page.goto(`/sheet/${location.id}`);
  const welcome = await signInOnSheet(page, {
    phone: "4155550112",
    temperature: "98.1",
    first: "Brief",
    last: "Visit",
  });
  await expect(welcome).toBeVisible();
  // Well past the default few seconds, still within the location's 30.
  await page.clock.fastForward(20_000);
  await expect(welcome).toBeVisible();
  await page.clock.fastForward(10_000);
  await expect(welcome).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "Brief V." })).toHaveAttribute(
    "aria-current",
    "true",
  );
});

test("kiosk mode: no staff navigation on the sheet; the staff exit asks for a staff login", async ({
  page,
  tabletSite,
}) => {
  const { location, staff } = await tabletSite("Kiosk Hall", ["Pantry"]);
  for (const path of [`/sheet/${location.id}`, `/sheet/${location.id}/sign-in`]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: location.Name })).toBeVisible();
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(
      page.getByRole("link", { name: /^(Home|Log in|Dashboard|Manage Locations)$/ }),
    ).toHaveCount(0);
  }
  await page.goto(`/sheet/${location.id}`);
  await page.getByRole("button", { name: "Staff" }).click();
  const exit = page.getByRole("dialog", { name: "Staff only" });
  await expect(exit).toContainText("Log in as staff to leave it.");
  await expectAccessible(page, "staff exit");
  await exit.getByRole("button", { name: "Back to the sheet" }).click();
  await expect(exit).toBeHidden();
  await page.getByRole("button", { name: "Staff" }).click();
  await exit.getByRole("button", { name: "Staff log in" }).click();
  await expect(page).toHaveURL("/login");
  await page.getByLabel("Email").fill(staff.email);
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("heading", { name: "Locations", level: 1 })).toBeVisible();
});

test("a phone already signed in is refused on two tablets at once; the visitor may sign out instead", async ({
  adminApi,
  setUpTablet,
}) => {
  const { location, programs } = await createSite(adminApi, "Door Hall", ["Pantry"]);
  await setKioskTimings(adminApi, location.id, lingeringConfirmation);
  const tablets = [(await setUpTablet(location.id)).page, (await setUpTablet(location.id)).page];
  for (const tablet of tablets) {
    await tablet.goto(`/sheet/${location.id}/sign-in?programId=${programs[0]!.id}`);
    await fillSignIn(tablet, {
      phone: "4155550113",
      temperature: "98.4",
      first: "Rosa",
      last: "Parks",
    });
  }
  await Promise.all(
    tablets.map((tablet) => tablet.getByRole("button", { name: "Submit" }).click()),
  );

  const outcome = (tablet: Page) => ({
    welcome: tablet.getByRole("dialog", { name: "Welcome, Rosa!" }),
    refused: tablet.getByRole("dialog", {
      name: /^You're already signed in \(since \d{1,2}:\d{2}\s?[AP]M\)\.$/,
    }),
  });
  for (const tablet of tablets)
    await expect(outcome(tablet).welcome.or(outcome(tablet).refused)).toBeVisible();
  const welcomed = await Promise.all(tablets.map((tablet) => outcome(tablet).welcome.isVisible()));
  expect(welcomed.filter(Boolean)).toHaveLength(1);
  const refusedTablet = tablets[welcomed.indexOf(false)]!;
  await expectAccessible(refusedTablet, "already signed in");

  await refusedTablet.getByRole("button", { name: "Sign me out" }).click();
  const goodbye = refusedTablet.getByRole("dialog", { name: "Goodbye, Rosa." });
  await expect(goodbye).toBeVisible();
  await goodbye.getByRole("button", { name: "Done" }).click();
  await expect(refusedTablet.getByText("Nobody is signed in right now.")).toBeVisible();
  const visits = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(
    visits.map((visit: { FirstName: string; TimeOut: string | null }) => [
      visit.FirstName,
      visit.TimeOut !== null,
    ]),
  ).toEqual([["Rosa", true]]);
});

test("Spanish end to end: the switch, the form, the confirmation, then English for the next visitor", async ({
  page,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite("Casa Hall", ["Despensa"], lingeringConfirmation);
  await page.goto(`/sheet/${location.id}`);
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByText("0 personas registradas")).toBeVisible();
  await expect(page.getByText("No hay nadie registrado ahora.")).toBeVisible();
  await expectAccessible(page, "sheet in Spanish");
  await page.getByRole("link", { name: "Registrar entrada" }).click();
  await expect(page.getByRole("heading", { name: "Registro de entrada" })).toBeVisible();
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Escriba su número de teléfono de 10 dígitos")).toBeVisible();
  await expect(page.getByText("Elija para qué viene")).toHaveCount(0);
  await fillSignIn(
    page,
    { phone: "4155550114", temperature: "98.3", first: "Ana", last: "Gómez" },
    { labels: formLabels.spanish },
  );
  await page.getByRole("radio", { name: programs[0]!.Name }).check();
  await page.getByRole("button", { name: "Enviar" }).click();
  const welcome = page.getByRole("dialog", { name: "¡Bienvenido/a, Ana!" });
  await expect(welcome.getByRole("status")).toHaveText(
    new RegExp(`^Está registrado/a en ${programs[0]!.Name} a las \\d{1,2}:\\d{2}`),
  );
  await expectAccessible(page, "welcome in Spanish");
  await welcome.getByRole("button", { name: "Listo" }).click();
  // The next visitor starts in the tablet's language.
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("row").filter({ hasText: "Ana G." })).toBeVisible();
});

test("the sign-in form clears itself and returns to the sheet when left untouched as long as the location says", async ({
  page,
  tabletSite,
}) => {
  // A site whose visitors need more time gives them two minutes.
  const { location, programs } = await tabletSite("Idle Hall", ["Pantry"], {
    IdleResetSeconds: 120,
  });
  await page.clock.install();
  await page.goto(`/sheet/${location.id}`);
  await page.getByRole("button", { name: "Español" }).click();
  await page.getByRole("link", { name: "Registrar entrada" }).click();
  const phone = page.getByLabel("Número de teléfono");
  await phone.pressSequentially("415555");
  // Past the default minute, the visitor's entry is still theirs.
  await page.clock.fastForward(90_000);
  await expect(phone).toHaveValue("415-555");
  await page.clock.fastForward(30_000);
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${programs[0]!.id}`);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByLabel("Phone Number")).toHaveValue("");
});

test("with more than ten people signed in, a visitor finds their row by first name or last four digits", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite("Busy Hall", ["Pantry"]);
  const names = [
    "Amir",
    "Bea",
    "Chen",
    "Dana",
    "Eli",
    "Fatima",
    "Gus",
    "Hana",
    "Ivan",
    "Jo",
    "Kofi",
  ];
  for (const [i, name] of names.entries())
    await signInVisitor(adminApi, {
      LocationId: location.id,
      ProgramId: programs[0]!.id,
      FirstName: name,
      LastName: "Kiosk",
      PhoneNumber: `41555502${String(i).padStart(2, "0")}`,
    });
  await page.goto(`/sheet/${location.id}`);
  await expect(page.getByText("11 signed in")).toBeVisible();
  const find = page.getByRole("searchbox", { name: "Find your name" });
  await find.fill("fat");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").nth(1)).toContainText("Fatima K.");
  await find.fill("0203");
  await expect(page.getByRole("row").nth(1)).toContainText("Dana K.");
  await find.fill("zzz");
  await expect(page.getByText("Nobody matches “zzz”.")).toBeVisible();
  await expectAccessible(page, "find your name");
});

test("screenshots of the sheet, the form and the confirmation on tablets upright and sideways", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite(
    "Lincoln Elementary Front Office",
    ["Volunteers", "Parent Visits", "Deliveries"],
    lingeringConfirmation,
  );
  for (const [i, name] of ["Grace", "Alan", "Ada"].entries())
    await signInVisitor(adminApi, {
      LocationId: location.id,
      ProgramId: programs[0]!.id,
      FirstName: name,
      LastName: "Kiosk",
      PhoneNumber: `41555503${i}0`,
    });
  for (const [name, size] of tabletSizes) {
    await page.setViewportSize(size);
    await page.goto(`/sheet/${location.id}`);
    await expect(page.getByRole("row").filter({ hasText: "Grace K." })).toBeVisible();
    await keepScreenshot(page, `kiosk-sheet-${name}`);
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
    await keepScreenshot(page, `kiosk-form-${name}`);
    await fillSignIn(page, {
      phone: `415555040${name.length}`,
      temperature: "98.6",
      first: "Maria",
      last: "Lopez",
    });
    await page.getByRole("button", { name: "Submit" }).click();
    const welcome = page.getByRole("dialog", { name: "Welcome, Maria!" });
    await expect(welcome).toBeVisible();
    await keepScreenshot(page, `kiosk-confirmation-${name}`);
    await welcome.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("row").filter({ hasText: "Maria L." })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await keepScreenshot(page, `kiosk-sheet-after-${name}`);
    // Next size: Maria signs out so the same phone can sign in again.
    await signOutRow(page, "Maria L.");
    await page
      .getByRole("dialog", { name: "Goodbye, Maria." })
      .getByRole("button", { name: "Done" })
      .click();
  }
});

test("a sheet list the server refuses says so, with Try again, never 'Nobody is signed in'", async ({
  page,
  tabletSite,
}) => {
  const { location } = await tabletSite("Refused Hall", ["Pantry"]);
  // The list call refused as a broken request would be (the live stream and the rest still work).
  const refuse = (route: Route) =>
    route.fulfill({
      status: 422,
      contentType: "application/json",
      body: JSON.stringify({ status: 422, message: "Invalid input", errors: [] }),
    });
  await page.route(/\/api\/visits\?/, refuse);
  await page.goto(`/sheet/${location.id}`);
  const alert = page.getByRole("alert").filter({ hasText: "could not be loaded" });
  await expect(alert).toContainText("The list of visitors could not be loaded.");
  await expect(page.getByText("Nobody is signed in right now.")).toHaveCount(0);
  await expect(page.getByText("0 signed in")).toHaveCount(0);
  await expectAccessible(page, "sheet list refused");
  await keepScreenshot(page, "kiosk-list-refused");

  await page.unroute(/\/api\/visits\?/, refuse);
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Nobody is signed in right now.")).toBeVisible();
  await expect(alert).toHaveCount(0);
});
