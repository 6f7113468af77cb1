import { createSite, lingeringConfirmation, logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { formLabels, typePhone } from "../support/sign-in-form.ts";
import { zoneNearNoon } from "../support/zone.ts";

/** A tablet upright at the size pantries mostly use (an iPad Air's). */
const tabletSize = { width: 820, height: 1180 };

test("a household's party on the tablet, in Spanish: a family of five at its first visit, then the mother ticks who came, and her second visit that month waits for staff until approved; staff find her household in Spanish, merge a duplicate of it, and count it once, its people by age, in the day's funder summary and the month's partner report", async ({
  browser,
  page,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const { location, programs } = await createSite(adminApi, "Household Pantry", ["Pantry"]);
  const pantry = programs[0]!;
  await adminApi.expect(200, "PATCH", `/api/programs/${pantry.id}`, { SignsInHousehold: true });
  // Noon there: both visits fall in one month, whatever day the journey runs.
  const zone = zoneNearNoon();
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, {
    AsksTemperature: false,
    TimeZone: zone,
    ...lingeringConfirmation,
  });

  const tablet = (await setUpTablet(location.id, { viewport: tabletSize })).page;
  await tablet.goto(`/sheet/${location.id}`);
  await tablet.getByRole("button", { name: "Español" }).click();
  await tablet.getByRole("link", { name: "Registrar entrada" }).click();
  await typePhone(tablet, "4155550533", formLabels.spanish.phone);
  await tablet.getByLabel("Nombre", { exact: true }).fill("Rosa");
  await tablet.getByLabel("Apellido", { exact: true }).fill("Delgado");

  // A first visit: nobody of hers is known yet, so she counts her family.
  const party = tablet.getByRole("group", { name: "¿Quién viene con usted hoy?" });
  await expect(party.getByText("1 persona en total")).toBeVisible();
  for (let i = 0; i < 4; i++) await party.getByRole("button", { name: "Una más" }).click();
  await expect(party.getByText("5 personas en total")).toBeVisible();
  await expectAccessible(tablet, "a household's first sign-in, in Spanish");
  await keepScreenshot(tablet, "33-party-count-es-820x1180");
  await tablet.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(tablet, "a household's first sign-in on a phone");
  await keepScreenshot(tablet, "33-party-count-es-390x844");
  // What a visitor on a phone sees of it: the count above the Submit bar.
  await party.getByRole("button", { name: "Una más" }).scrollIntoViewIfNeeded();
  await keepScreenshot(tablet, "33-party-count-es-390x844-window", { fullPage: false });
  await tablet.setViewportSize(tabletSize);

  await tablet.getByRole("button", { name: "Enviar" }).click();
  const welcome = tablet.getByRole("dialog", { name: "¡Bienvenido/a, Rosa!" });
  await expect(welcome).toBeVisible();
  const [visit] = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visit).toMatchObject({ PartySize: 5, HouseholdId: expect.any(Number) });
  await welcome.getByRole("button", { name: "Listo" }).click();
  // The sheet counts people, not sign-ins.
  await expect(tablet.getByText("5 signed in", { exact: true })).toBeVisible();

  // Staff add her family to the household she made, with their birth dates: ages 7, 12, 38, 41
  // and 71 on the day, whatever day it is (1 January of a year that many before the visit's).
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(visit.TimeIn));
  const bornAged = (age: number) => `${Number(day.slice(0, 4)) - age}-01-01`;
  const household = await adminApi.expect(200, "GET", `/api/households/${visit.HouseholdId}`);
  await adminApi.expect(200, "PATCH", `/api/households/${visit.HouseholdId}`, {
    Members: [
      {
        id: household.Members[0].id,
        FirstName: "Rosa",
        LastName: "Delgado",
        PhoneNumber: "4155550533",
        BirthDate: bornAged(38),
      },
      { FirstName: "Tomás", LastName: "Delgado", Relationship: "hijo", BirthDate: bornAged(12) },
      { FirstName: "Lucía", LastName: "Delgado", Relationship: "hija", BirthDate: bornAged(7) },
      { FirstName: "Ana", LastName: "Delgado", Relationship: "abuela", BirthDate: bornAged(71) },
      { FirstName: "Pedro", LastName: "Delgado", BirthDate: bornAged(41) },
    ],
  });
  await adminApi.expect(200, "PATCH", `/api/visits/${visit.id}/sign-out`);
  // The pantry serves a household once a month: her return this month waits for staff.
  await adminApi.expect(200, "PATCH", `/api/programs/${pantry.id}`, {
    VisitLimit: { count: 1, per: "month" },
  });

  await tablet.reload();
  await tablet.getByRole("button", { name: "Español" }).click();
  await tablet.getByRole("link", { name: "Registrar entrada" }).click();
  await typePhone(tablet, "4155550533", formLabels.spanish.phone);
  await tablet
    .getByRole("group", { name: "Rosa D. — ¿es usted?" })
    .getByRole("button", { name: "Sí, soy yo" })
    .click();
  await expect(party.getByRole("checkbox", { name: "Rosa D. (usted)" })).toBeChecked();
  await party.getByRole("checkbox", { name: "Tomás D." }).check();
  await party.getByRole("checkbox", { name: "Lucía D." }).check();
  await party.getByRole("checkbox", { name: "Ana D." }).check();
  await expect(party.getByText("4 personas en total")).toBeVisible();
  await expectAccessible(tablet, "a household's members to tick, in Spanish");
  await keepScreenshot(tablet, "33-party-members-es-820x1180");
  await tablet.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(tablet, "a household's members on a phone");
  await keepScreenshot(tablet, "33-party-members-es-390x844");
  await party.getByRole("button", { name: "Una más" }).scrollIntoViewIfNeeded();
  await keepScreenshot(tablet, "33-party-members-es-390x844-window", { fullPage: false });
  await tablet.setViewportSize(tabletSize);

  await tablet.getByRole("button", { name: "Enviar" }).click();
  const seeStaff = tablet.getByRole("dialog", { name: "¡Bienvenido/a, Rosa!" });
  await expect(seeStaff).toContainText("Por favor, hable con alguien del personal antes de pasar");
  await keepScreenshot(tablet, "33-see-staff-es-820x1180", { fullPage: false });
  await tablet.setViewportSize(viewports.phone);
  await keepScreenshot(tablet, "33-see-staff-es-390x844", { fullPage: false });
  await tablet.setViewportSize(tabletSize);
  const [again] = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(again).toMatchObject({
    PartySize: 4,
    HouseholdId: visit.HouseholdId,
    Eligibility: "waiting",
  });
  expect(again.HouseholdMemberIds).toHaveLength(4);
  await seeStaff.getByRole("button", { name: "Listo" }).click();

  // The sheet marks her in words until staff approve; then the mark goes, live.
  const row = tablet.getByRole("row", { name: /Rosa D\./ });
  await expect(row).toContainText("See staff");
  await keepScreenshot(tablet, "33-sheet-see-staff-820x1180");
  // A staff member approves it on the visit's page, with a reason.
  await logInContext(page.context(), await newUser());
  await page.goto(`/dashboard/visits/${again.id}/edit`);
  const decision = page.getByRole("alert").filter({ hasText: "Waiting for staff" });
  await decision.getByLabel("Reason").fill("Family of five, emergency box");
  await keepScreenshot(page, "33-staff-decision-1280x800");
  await decision.getByRole("button", { name: "Approve" }).click();
  await expect(decision).toHaveCount(0);
  await expect(row).not.toContainText("See staff");
  const approved = await adminApi.expect(200, "GET", `/api/visits/${again.id}`);
  expect(approved.Eligibility).toBe("approved");

  // A colleague made her a second household by hand; staff reading Spanish find both and merge them.
  await adminApi.expect(200, "PATCH", `/api/households/${visit.HouseholdId}`, {
    AddressLine1: "12 Mission St",
    Zip: "94110",
  });
  const copy = await adminApi.expect(201, "POST", "/api/households", {
    AddressLine1: "12 mission st.",
    Zip: "94110",
    Members: [{ FirstName: "Rosa", LastName: "Delgado", PhoneNumber: "4155550534" }],
  });
  const spanish = await browser.newContext({ locale: "es-ES", viewport: tabletSize });
  await logInContext(spanish, await newUser());
  const staffPage = await spanish.newPage();
  await staffPage.goto("/dashboard/households?q=4155550533");
  await expect(staffPage.getByRole("link", { name: /Rosa Delgado, Tomás Delgado/ })).toBeVisible();
  await keepScreenshot(staffPage, "34-households-es-820x1180");
  await staffPage.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(staffPage, "the households list on a phone");
  await keepScreenshot(staffPage, "34-households-es-390x844");
  await staffPage.setViewportSize(tabletSize);
  await staffPage.getByRole("link", { name: "Abrir" }).click();
  await expect(
    staffPage.getByRole("heading", { name: `Hogar n.º ${visit.HouseholdId}` }),
  ).toBeVisible();
  await expect(staffPage.getByRole("cell", { name: "Tomás Delgado" })).toBeVisible();
  await expect(staffPage.getByText("Aprobada")).toBeVisible();
  await expectAccessible(staffPage, "a household's page, in Spanish");
  await keepScreenshot(staffPage, "34-household-es-820x1180");
  await staffPage.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(staffPage, "a household's page on a phone");
  await keepScreenshot(staffPage, "34-household-es-390x844");
  await staffPage.setViewportSize(tabletSize);
  // Editing shows every member's fields; moving one asks where to.
  await staffPage.getByRole("button", { name: "Editar" }).click();
  await expect(staffPage.getByLabel("Fecha de nacimiento")).toHaveCount(5);
  await keepScreenshot(staffPage, "34-household-edit-es-820x1180");
  await staffPage.getByRole("button", { name: "Cancelar" }).click();
  await staffPage
    .getByRole("row", { name: /Pedro Delgado/ })
    .getByRole("button")
    .click();
  const moving = staffPage.getByRole("dialog", { name: "Trasladar a Pedro Delgado a otro hogar" });
  await moving.getByLabel(/Busque el hogar/).fill("Delgado");
  await expect(moving.getByText(`Hogar n.º ${copy.id}`)).toBeVisible();
  await keepScreenshot(staffPage, "34-move-es-820x1180", { fullPage: false });
  await moving.getByRole("button", { name: "Cerrar" }).click();
  await staffPage.goto("/dashboard/households/duplicates");
  const pair = staffPage
    .locator(".mantine-Paper-root")
    .filter({ hasText: `Hogar n.º ${copy.id}` })
    .filter({ hasText: `Hogar n.º ${visit.HouseholdId}` });
  await expect(pair).toContainText("dirección");
  await keepScreenshot(staffPage, "34-duplicates-es-820x1180");
  await pair.getByRole("button", { name: "Fusionar" }).click();
  const confirm = staffPage.getByRole("dialog", { name: "Fusionar dos hogares" });
  await expect(confirm).toContainText(`¿Fusionar el hogar n.º ${copy.id} (Rosa Delgado)`);
  await keepScreenshot(staffPage, "34-merge-es-820x1180", { fullPage: false });
  await staffPage.setViewportSize(viewports.phone);
  await keepScreenshot(staffPage, "34-merge-es-390x844", { fullPage: false });
  await confirm.getByRole("button", { name: "Fusionar" }).click();
  await expect(staffPage.getByRole("status")).toContainText(
    `El hogar n.º ${copy.id} se fusionó con el hogar n.º ${visit.HouseholdId}.`,
  );
  const merged = await adminApi.expect(200, "GET", `/api/households/${visit.HouseholdId}`);
  expect(merged.Members).toHaveLength(6);
  await adminApi.expect(404, "GET", `/api/households/${copy.id}`);

  // The day's funder summary, in Spanish: one household, new, of five people (the first visit's
  // party); the four who came by name in their age bands at their first visit, Pedro's age not known.
  await staffPage.setViewportSize(tabletSize);
  await staffPage.goto(
    `/dashboard/reports/summary?from=${day}&to=${day}&locationId=${location.id}`,
  );
  const households = staffPage.getByRole("table", { name: "Hogares e individuos" });
  await expect(households.getByRole("rowheader")).toHaveText([
    "Hogares",
    "Hogares nuevos",
    "Individuos",
    "De 0 a 17 años",
    "De 18 a 64 años",
    "De 65 años o más",
    "Edad desconocida",
  ]);
  await expect(households.getByRole("cell")).toHaveText(["1", "1", "5", "2", "1", "1", "1"]);
  await keepScreenshot(staffPage, "34-summary-households-es-820x1180");

  // The month's partner report, in Spanish: one household, new, its five people once, by age.
  const month = day.slice(0, 7);
  await staffPage.goto(
    `/dashboard/reports/partner?from=${month}&to=${month}&locationId=${location.id}`,
  );
  await expect(
    staffPage.getByRole("heading", { name: "Informe mensual para socios", level: 1 }),
  ).toBeVisible();
  const cells = staffPage.getByRole("row", { name: /Household Pantry/ }).getByRole("cell");
  await expect(cells.nth(3)).toHaveText("1");
  await expect(cells.nth(4)).toHaveText("1");
  await expect(cells.nth(5)).toHaveText("5");
  // The parties' sizes added up (5 and 4), then the age bands and the unknown.
  await expect(cells.nth(6)).toHaveText("9");
  for (const [at, count] of ["2", "1", "1", "1"].entries())
    await expect(cells.nth(7 + at)).toHaveText(count);
  await keepScreenshot(staffPage, "34-partner-report-es-820x1180");
  await staffPage.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(staffPage, "the partner report on a phone");
  await keepScreenshot(staffPage, "34-partner-report-es-390x844");
  await staffPage.setViewportSize(tabletSize);
  const [printed] = await Promise.all([
    staffPage.waitForEvent("popup"),
    staffPage.getByRole("link", { name: "Imprimir" }).click(),
  ]);
  await expect(printed.getByRole("heading", { name: "Informe mensual para socios" })).toBeVisible();
  const printedCells = printed.getByRole("row", { name: /Household Pantry/ }).getByRole("cell");
  await expect(printedCells.nth(5)).toHaveText("5");
  await keepScreenshot(printed, "34-partner-print-es-820x1180");
  await printed.setViewportSize(viewports.phone);
  await keepScreenshot(printed, "34-partner-print-es-390x844");
  await spanish.close();
});
