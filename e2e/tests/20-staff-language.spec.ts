import type { Locator, Page } from "@playwright/test";
import { Api, createSite, logInContext, unique, type Site } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
  type Fixtures,
} from "../support/fixtures.ts";
import { linkFromMail, mails } from "../support/mail.ts";
import { runState } from "../support/state.ts";
import { zoneNearNoon } from "../support/zone.ts";
import { dayInWords } from "../support/days.ts";

// A staff member whose browser speaks Spanish reads the staff pages in Spanish until they choose
// otherwise on My Account; the kiosk's language is another matter (12-kiosk).
test.use({ locale: "es-ES" });

/** Opens a page, waits for what shows it is ready, checks it with axe, and keeps its picture. */
async function look(
  page: Page,
  path: string,
  ready: Locator,
  name: string,
  { fullPage = true } = {},
) {
  await page.goto(path);
  await expect(ready).toBeVisible();
  await expectAccessible(page, name);
  await expectNoHorizontalOverflow(page, name);
  await keepScreenshot(page, name, { fullPage });
}

/** A new site and its admin, logged in on this page's browser (which speaks Spanish). */
async function spanishAdminOfNewSite(page: Page, adminApi: Api, newUser: Fixtures["newUser"]) {
  const site = await createSite(adminApi, "Centro Comunitario", ["Despensa", "Tutorías"]);
  const admin = await newUser({ isAdmin: true, firstName: `Rosa${unique()}` });
  await logInContext(page.context(), admin);
  return { site, admin };
}

/** Reads each staff page of a site in Spanish at one size: checked with axe, kept as a picture. */
async function readEveryPage(
  page: Page,
  {
    site,
    size,
    viewport,
  }: { site: Site; size: string; viewport: { width: number; height: number } },
) {
  await page.setViewportSize(viewport);
  await look(
    page,
    "/dashboard",
    page.getByRole("heading", { name: "Panel" }),
    `es-dashboard-${size}`,
  );
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await look(
    page,
    "/dashboard/locations",
    page.getByRole("row").filter({ hasText: site.location.Name }),
    `es-locations-${size}`,
  );
  await expect(page.getByRole("heading", { name: "Sedes" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Dirección" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Configurar tableta" }).first()).toBeVisible();
  // The reports page's filters, summary, title and table.
  const { reports } = runState();
  await look(
    page,
    `/dashboard/reports?from=${reports.from}&to=${reports.to}`,
    page.getByRole("region", { name: "Resumen" }).getByText("Visitantes únicos", { exact: true }),
    `es-reports-${size}`,
  );
  await expect(page.getByRole("button", { name: "Mes pasado" })).toBeVisible();
  // Written in the chosen language, whatever the browser's.
  await expect(page.getByLabel("Desde", { exact: true })).toHaveValue(
    dayInWords(reports.from, "es-US"),
  );
  await expect(page.getByRole("heading", { name: "Informes", exact: true })).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Informe de visitas" })
      .getByRole("columnheader", { name: "Entrada" }),
  ).toBeVisible();
  await look(
    page,
    "/admin/users",
    page.getByRole("heading", { name: "Usuarios", level: 1 }),
    `es-users-${size}`,
    // The window alone: the list holds every user the other journeys made, tens of thousands of
    // pixels tall by the end of a run.
    { fullPage: false },
  );
  await expect(page.getByRole("link", { name: "Invitar a un usuario nuevo" })).toBeVisible();
  // The log of this location alone: other journeys write to the log meanwhile.
  await look(
    page,
    `/admin/audit?locationId=${site.location.id}`,
    page.getByRole("heading", { name: "Registro de auditoría" }),
    `es-audit-${size}`,
  );
  await expect(page.getByText(/creó la sede «Centro Comunitario/).first()).toBeVisible();
  await look(
    page,
    "/admin/settings",
    page.getByRole("heading", { name: "Configuración" }),
    `es-settings-${size}`,
  );
  await look(
    page,
    "/account",
    page.getByRole("heading", { name: "Mi cuenta" }),
    `es-account-${size}`,
  );
  await expect(page.getByLabel("Idioma", { exact: true })).toHaveValue("browser");
}

test("staff language: a Spanish browser reads the dashboard, locations, reports and admin pages in Spanish on a tablet", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { site } = await spanishAdminOfNewSite(page, adminApi, newUser);

  await readEveryPage(page, { site, size: "tablet", viewport: viewports.tablet });
});

test("staff language: a Spanish browser reads every page in Spanish on a phone, and My Account switches it to English", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { site, admin } = await spanishAdminOfNewSite(page, adminApi, newUser);

  await readEveryPage(page, { site, size: "phone", viewport: viewports.phone });

  // A field's message comes back from the server in English; the page says it in Spanish.
  await page.getByLabel("Nombre", { exact: true }).fill("");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Este campo es obligatorio.")).toBeVisible();
  await page.getByLabel("Nombre", { exact: true }).fill(admin.firstName);

  // Choosing English applies at once, without a reload, and stays chosen on other pages.
  await page.getByLabel("Idioma", { exact: true }).selectOption({ label: "English" });
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Your account has been updated!" }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const me = await Api.of(page.context()).expect(200, "GET", "/api/users/me");
  expect(me.language).toBe("en");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // On a phone the links fold into the menu, whose button speaks English too.
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expectAccessible(page, "dashboard in English");
});

test("staff language: an admin reading Spanish invites a colleague in Spanish, and the new account starts in Spanish", async ({
  page,
  browser,
  baseURL,
  newUser,
}) => {
  const admin = await newUser({ isAdmin: true });
  await logInContext(page.context(), admin);
  const tag = unique();
  const invitee = { firstName: `Iván${tag}`, email: `ivan-${tag}@example.org` };

  await page.goto("/admin/users/invite");
  await expect(page.getByRole("heading", { name: "Invitar a un usuario nuevo" })).toBeVisible();
  // The e-mail's language is the page's unless picked otherwise.
  await expect(page.getByLabel("Idioma del correo electrónico")).toHaveValue("es");
  await page.getByLabel("Nombre", { exact: true }).fill(invitee.firstName);
  await page.getByLabel("Correo electrónico", { exact: true }).fill(invitee.email);
  await expectAccessible(page, "invite form in Spanish");
  await page.getByRole("button", { name: "Enviar" }).click();
  // No mail server here: said in Spanish, with the link to pass on.
  const notice = page.getByRole("region", {
    name: "Invitación guardada, pero no enviada por correo",
  });
  await expect(notice.getByLabel("Enlace de la invitación")).toHaveValue(/\/invites\//);
  await expectAccessible(page, "invite link in Spanish");

  const link = await linkFromMail(invitee.email, "/invites/");
  const mail = mails().find((m) => m.to === invitee.email)!;
  expect(mail.subject).toBe("Tiene una invitación a Visitor Sign-In");
  expect(mail.text).toContain(`Hola, ${invitee.firstName}:`);
  expect(mail.text).toContain(`${admin.firstName} ${admin.lastName} le envió una invitación`);
  expect(mail.html).toContain("Aceptar la invitación");

  // Opened in an English browser, the invite speaks the language it was written in, and so does
  // the account it makes.
  const theirs = await browser.newContext({ baseURL, locale: "en-US" });
  try {
    const theirPage = await theirs.newPage();
    await theirPage.goto(link);
    await expect(theirPage.getByRole("heading", { name: "Tiene una invitación" })).toBeVisible();
    await expectAccessible(theirPage, "invite page in Spanish");
    await theirPage.getByLabel("Contraseña", { exact: true }).fill(`welcome-${tag}-9`);
    await theirPage.getByRole("button", { name: "Enviar" }).click();
    await expect(theirPage.getByRole("heading", { name: "Mi cuenta" })).toBeVisible();
    await expect(
      theirPage.getByRole("status").filter({ hasText: "¡Se creó su cuenta!" }),
    ).toBeVisible();
  } finally {
    await theirs.close();
  }
});

test("staff language: a Spanish reader sees a program's questions and answers in Spanish in Reports, corrects an answer in Spanish, and reads the funder summary in Spanish", async ({
  page,
  adminApi,
  newUser,
}) => {
  // About noon where the site is, so today stays today all through the journey.
  const zone = zoneNearNoon();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
  const tag = unique();
  const program = await adminApi.expect(201, "POST", "/api/programs", {
    Name: `Despensa ${tag}`,
    LocationIds: [],
  });
  const location = await adminApi.expect(201, "POST", "/api/locations", {
    Name: `Salón ${tag}`,
    Address: `${tag} Calle Mayor`,
    TimeZone: zone,
    ProgramIds: [program.id],
  });
  const asked = async (fields: Record<string, unknown>) =>
    (await adminApi.expect(201, "POST", "/api/questions", { ProgramIds: [program.id], ...fields }))
      .id as number;
  const both = (en: string, es: string) => ({ en, es });
  const household = await asked({
    Kind: "number",
    Label: both("People in your household", "Personas en su hogar"),
    Min: 1,
    Max: 20,
  });
  const consent = await asked({
    Kind: "consent",
    Label: both("I agree to share my visit", "Acepto compartir mi visita"),
  });
  const language = await asked({
    Kind: "choice",
    Label: both("Preferred language", "Idioma preferido"),
    Choices: [
      { id: "en", Label: both("English", "Inglés") },
      { id: "es", Label: both("Spanish", "Español") },
    ],
  });
  // No Spanish written for this one: its English shows.
  const zip = await asked({ Kind: "zip", Label: both("ZIP code", "") });
  const created = await adminApi.expect(201, "POST", "/api/visits", {
    FirstName: "Lucía",
    LastName: `Ramos${tag}`,
    PhoneNumber: "4155507301",
    Temperature: "98.4",
    LocationId: location.id,
    ProgramId: program.id,
    Answers: { [household]: 4, [consent]: false, [language]: "es", [zip]: "94110" },
  });
  await adminApi.expect(200, "PATCH", `/api/visits/${created.id}/sign-out`);

  await logInContext(page.context(), await newUser({ firstName: `Marta${tag}` }));
  const filters = `from=${today}&to=${today}&locationId=${location.id}&programId=${program.id}`;
  const table = page.getByRole("region", { name: "Informe de visitas" });
  const row = table.getByRole("row").filter({ hasText: `Ramos${tag}` });

  for (const [size, viewport] of [
    ["tablet", viewports.tablet],
    ["phone", viewports.phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await look(page, `/dashboard/reports?${filters}`, row, `es-report-answers-${size}`);
    for (const header of [
      "Personas en su hogar",
      "Acepto compartir mi visita",
      "Idioma preferido",
      "ZIP code",
    ])
      await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
    await expect(row).toContainText("Español");
    await expect(row).toContainText("No aceptó");
    await expect(
      page.getByText(`Los días son los de ${location.Name} (${zone}), igual que Desde y Hasta.`),
    ).toBeVisible();
  }

  // The correction, in Spanish: a value out of range is refused by its field, in Spanish.
  await row.getByRole("link", { name: "Editar" }).click();
  await expect(page.getByRole("heading", { name: "Corregir una visita" })).toBeVisible();
  const field = page.getByLabel("Personas en su hogar");
  await expect(field).toHaveValue("4");
  await expect(page.getByText("De 1 a 20")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Español" })).toBeChecked();
  await field.fill("25");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Debe ser como máximo 20")).toBeVisible();
  await expectAccessible(page, "correct a visit in Spanish");
  await expectNoHorizontalOverflow(page, "correct a visit in Spanish");
  await keepScreenshot(page, "es-correct-visit-phone");
  await page.setViewportSize(viewports.tablet);
  await keepScreenshot(page, "es-correct-visit-tablet");
  await field.fill("6");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\?/);
  await expect(row).toContainText("6");
  const corrected = await adminApi.expect(200, "GET", `/api/visits/${created.id}`);
  expect(corrected.Answers[household]).toBe(6);

  // The funder summary, in Spanish, figures written the US Spanish way.
  const answers = page.getByRole("region", { name: "Respuestas a las preguntas" });
  for (const [size, viewport] of [
    ["tablet", viewports.tablet],
    ["phone", viewports.phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await look(
      page,
      `/dashboard/reports/summary?from=${today}&to=${today}&locationId=${location.id}`,
      answers,
      `es-funder-summary-${size}`,
    );
    await expect(
      page.getByRole("heading", { name: "Resumen para financiadores", exact: true }),
    ).toBeVisible();
    // The questions' words and the answers' labels in Spanish too (a question without Spanish
    // words shows its English), and From and To written in Spanish.
    await expect(answers.getByRole("region", { name: "Personas en su hogar" })).toContainText(
      "1 de 1 personas respondieron",
    );
    await expect(answers.getByRole("region", { name: "Acepto compartir mi visita" })).toContainText(
      "No aceptó",
    );
    await expect(answers.getByRole("region", { name: "Idioma preferido" })).toContainText(
      "Español",
    );
    await expect(answers.getByRole("region", { name: "ZIP code" })).toContainText("94110");
    await expect(page.getByLabel("Desde", { exact: true })).toHaveValue(dayInWords(today, "es-US"));
  }
  // The calendar of From, in Spanish whatever the browser's language, weeks from Monday.
  await page.setViewportSize(viewports.tablet);
  await page.getByLabel("Desde", { exact: true }).click();
  const monthName = new Intl.DateTimeFormat("es-US", { month: "long", timeZone: "UTC" }).format(
    new Date(`${today}T12:00:00Z`),
  );
  await expect(
    page.getByRole("button", { name: `${monthName} ${today.slice(0, 4)}`, exact: true }),
  ).toBeVisible();
  const calendar = page.locator("table").filter({ has: page.locator("th", { hasText: /^lu$/ }) });
  await expect(calendar.locator("thead th").first()).toHaveText("lu");
  await keepScreenshot(page, "es-funder-summary-calendar-tablet");
});
