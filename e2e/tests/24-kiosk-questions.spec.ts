import type { Page } from "@playwright/test";
import { createSite, lingeringConfirmation, logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { signOutRow } from "../support/sheet.ts";
import { fillSignIn, formLabels, typePhone } from "../support/sign-in-form.ts";

/** A question as an admin writes it on Admin → Questions → Add a question. */
interface NewQuestion {
  kind: string;
  en: string;
  es: string;
  helpEn?: string;
  helpEs?: string;
  range?: [number, number];
  required: string;
  program: string;
  oncePerVisitor?: boolean;
}

async function addQuestion(page: Page, question: NewQuestion) {
  await page.goto("/admin/questions");
  await page.getByRole("link", { name: "Add a question" }).click();
  await page.getByRole("combobox", { name: "Kind of answer" }).click();
  await page.getByRole("option", { name: question.kind }).click();
  await page.getByLabel("Question in English").fill(question.en);
  await page.getByLabel("Question in Spanish").fill(question.es);
  if (question.helpEn) await page.getByLabel("Help in English").fill(question.helpEn);
  if (question.helpEs) await page.getByLabel("Help in Spanish").fill(question.helpEs);
  if (question.range) {
    await page.getByLabel("Smallest answer").fill(String(question.range[0]));
    await page.getByLabel("Largest answer").fill(String(question.range[1]));
  }
  await page.getByRole("checkbox", { name: question.required }).check();
  // Only this pantry asks it: the other journeys' programs share the database.
  await page.getByRole("checkbox", { name: question.program }).check();
  if (question.oncePerVisitor) {
    await page.getByRole("combobox", { name: "Asked" }).click();
    await page
      .getByRole("option", { name: "Once per visitor, remembered by phone number" })
      .click();
  }
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/admin/questions");
  await expect(page.getByText(question.en, { exact: true })).toBeVisible();
}

test("intake questions on the kiosk: set up by an admin in both languages, answered in Spanish (a wrong answer told by its field first), remembered on the next visit, at a site that asks no temperatures", async ({
  page,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const { location, programs } = await createSite(adminApi, "Questions Pantry", ["Pantry"]);
  const pantry = programs[0]!;
  // This site stopped asking temperatures: no field on the form, no column on the sheet.
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, {
    AsksTemperature: false,
    ...lingeringConfirmation,
  });

  await logInContext(page.context(), await newUser({ isAdmin: true }));
  await addQuestion(page, {
    kind: "Number",
    en: "How many people live in your household?",
    es: "¿Cuántas personas viven en su hogar?",
    helpEn: "Count yourself too.",
    helpEs: "Cuéntese usted también.",
    range: [1, 20],
    required: "An answer is required",
    program: pantry.Name,
    oncePerVisitor: true,
  });
  await addQuestion(page, {
    kind: "ZIP code",
    en: "Your ZIP code",
    es: "Su código postal",
    required: "An answer is required",
    program: pantry.Name,
    oncePerVisitor: true,
  });
  await addQuestion(page, {
    kind: "Consent statement to agree to",
    en: "I confirm my household's income is within the program's limits.",
    es: "Confirmo que los ingresos de mi hogar están dentro de los límites del programa.",
    required: "Visitors must agree",
    program: pantry.Name,
  });
  await expectAccessible(page, "admin questions list");
  const asked = await adminApi.expect(200, "GET", `/api/questions?programId=${pantry.id}`);
  const [household, zip, consent] = asked as Array<{ id: number; Kind: string }>;
  expect(asked.map((question: { Kind: string }) => question.Kind)).toEqual([
    "number",
    "zip",
    "consent",
  ]);

  const tablet = (await setUpTablet(location.id, { viewport: viewports.tablet })).page;
  await tablet.goto(`/sheet/${location.id}`);
  await tablet.getByRole("button", { name: "Español" }).click();
  await tablet.getByRole("link", { name: "Registrar entrada" }).click();
  await expect(tablet.getByLabel(/Temperatura/)).toHaveCount(0);
  await typePhone(tablet, "4155550241", formLabels.spanish.phone);
  await tablet.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await tablet.getByLabel("Apellido", { exact: true }).fill("Ramos");

  // The pantry's questions, in Spanish, after the four fields.
  await expect(tablet.getByRole("heading", { name: "Unas preguntas" })).toBeVisible();
  const size = tablet.getByLabel("¿Cuántas personas viven en su hogar?");
  await expect(size).toHaveAccessibleDescription("Cuéntese usted también. · De 1 a 20");
  await expect(size).toHaveAttribute("inputmode", "numeric");
  const zipField = tablet.getByLabel("Su código postal");
  await expect(zipField).toHaveAttribute("inputmode", "numeric");
  const agreement = tablet.getByRole("group", {
    name: "Confirmo que los ingresos de mi hogar están dentro de los límites del programa.",
  });
  await size.fill("25");
  await zipField.fill("94110");
  await tablet.getByRole("button", { name: "Enviar" }).click();
  // The one rule's messages, in Spanish, each by its field; nothing was sent.
  await expect(size).toHaveAccessibleDescription(
    "Cuéntese usted también. · De 1 a 20 Debe ser como máximo 20",
  );
  await expect(agreement).toHaveAccessibleDescription("Marque que está de acuerdo para continuar");
  await expect(size).toBeFocused();
  await expectAccessible(tablet, "sign-in form with questions and their errors, in Spanish");
  await keepScreenshot(tablet, "24-questions-errors-es-768x1024");
  await tablet.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(tablet, "sign-in form with questions on a phone");
  await keepScreenshot(tablet, "24-questions-errors-es-390x844");
  // What the visitor sees at the bottom: the consent and its message above the Submit bar.
  await agreement.getByRole("checkbox").focus();
  await keepScreenshot(tablet, "24-questions-consent-es-390x844-window", { fullPage: false });
  await tablet.setViewportSize(viewports.tablet);

  await size.fill("4");
  await agreement.getByRole("checkbox", { name: "Estoy de acuerdo" }).check();
  await tablet.getByRole("button", { name: "Enviar" }).click();
  const welcome = tablet.getByRole("dialog", { name: "¡Bienvenido/a, Lucía!" });
  await expect(welcome).toBeVisible();
  const [visit] = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visit).toMatchObject({
    Temperature: null,
    Answers: { [household!.id]: 4, [zip!.id]: "94110", [consent!.id]: true },
  });
  await welcome.getByRole("button", { name: "Listo" }).click();

  // The sheet of a site without temperatures has no such column.
  const table = tablet.getByRole("table");
  await expect(table.getByRole("cell", { name: "Lucía R." })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Temperature" })).toHaveCount(0);
  await keepScreenshot(tablet, "24-sheet-without-temperature-768x1024");
  await signOutRow(tablet, "Lucía R.");
  await tablet
    .getByRole("dialog", { name: "Goodbye, Lucía." })
    .getByRole("button", { name: "Done" })
    .click();

  // She comes back: asked whether it is her, then her names and her remembered answers are
  // filled in, and the form says since when.
  await tablet.getByRole("button", { name: "Español" }).click();
  await tablet.getByRole("link", { name: "Registrar entrada" }).click();
  await typePhone(tablet, "4155550241", formLabels.spanish.phone);
  await expect(size).toHaveValue("");
  await tablet
    .getByRole("group", { name: "Lucía R. — ¿es usted?" })
    .getByRole("button", { name: "Sí, soy yo" })
    .click();
  await expect(tablet.getByLabel("Nombre", { exact: true })).toHaveValue("Lucía");
  await expect(size).toHaveValue("4");
  await expect(zipField).toHaveValue("94110");
  // The consent is asked at every visit: not filled in.
  await expect(agreement.getByRole("checkbox")).not.toBeChecked();
  const month = await tablet.evaluate(
    (timeIn) => new Intl.DateTimeFormat("es", { month: "long" }).format(new Date(timeIn)),
    visit.TimeIn as string,
  );
  await expect(
    tablet.getByText(
      new RegExp(`^Tenemos sus respuestas de ${month}( de \\d{4})?\\. ¿Desea cambiarlas\\?$`),
    ),
  ).toBeVisible();
  await expectAccessible(tablet, "returning visitor's remembered answers, in Spanish");
  await keepScreenshot(tablet, "24-questions-remembered-es-768x1024");
  await tablet.setViewportSize(viewports.phone);
  await keepScreenshot(tablet, "24-questions-remembered-es-390x844");
  await tablet.setViewportSize(viewports.tablet);

  await size.fill("5");
  await agreement.getByRole("checkbox", { name: "Estoy de acuerdo" }).check();
  await tablet.getByRole("button", { name: "Enviar" }).click();
  await expect(tablet.getByRole("dialog", { name: "¡Bienvenido/a, Lucía!" })).toBeVisible();
  const visits = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visits.map((one: { Answers: unknown }) => one.Answers)).toEqual(
    expect.arrayContaining([
      { [household!.id]: 5, [zip!.id]: "94110", [consent!.id]: true },
      { [household!.id]: 4, [zip!.id]: "94110", [consent!.id]: true },
    ]),
  );
});

test("offline, the tablet still asks the questions it kept, and the answers wait in its queue with the sign-in", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite(
    "Offline Questions Hall",
    ["Pantry"],
    lingeringConfirmation,
  );
  const pantry = programs[0]!;
  const zip = await adminApi.expect(201, "POST", "/api/questions", {
    Kind: "zip",
    Label: { en: "Home ZIP code", es: "Código postal de su casa" },
    Required: true,
    ProgramIds: [pantry.id],
  });

  // The sheet reads the questions before anyone taps Sign in; the service worker keeps the app.
  const questionsRead = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/questions" && response.ok(),
  );
  await page.goto(`/sheet/${location.id}`);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await questionsRead;

  await page.context().setOffline(true);
  await page.reload();
  await page.getByRole("link", { name: "Sign in" }).click();
  await fillSignIn(
    page,
    { phone: "4155550243", temperature: "98.2", first: "Omar", last: "Haddad" },
    { online: false },
  );
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Home ZIP code")).toHaveAccessibleDescription("This is required!");
  await page.getByLabel("Home ZIP code").fill("94110-1234");
  await page.getByRole("button", { name: "Submit" }).click();
  const saved = page.getByRole("dialog", { name: "Welcome, Omar!" });
  await expect(saved.getByRole("status")).toHaveText(
    "Saved — it will be sent when the connection is back.",
  );
  await saved.getByRole("button", { name: "Done" }).click();

  await page.context().setOffline(false);
  await expect
    .poll(async () => {
      const visits = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
      return visits.map((visit: { Answers: unknown }) => visit.Answers);
    })
    .toEqual([{ [zip.id]: "94110-1234" }]);
});

test("a half-answered form left untouched clears its answers with the rest, so the next visitor never sees them", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite("Idle Questions Hall", ["Pantry"], {
    IdleResetSeconds: 15,
  });
  await adminApi.expect(201, "POST", "/api/questions", {
    Kind: "text",
    Label: { en: "Which school do you go to?", es: "¿A qué escuela va?" },
    ProgramIds: [programs[0]!.id],
  });
  await page.clock.install();
  await page.goto(`/sheet/${location.id}`);
  await page.getByRole("link", { name: "Sign in" }).click();
  const school = page.getByLabel("Which school do you go to? (optional)");
  await school.fill("Lincoln High");
  await page.clock.fastForward(16_000);
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${programs[0]!.id}`);
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(school).toHaveValue("");
});

test("every kind of question on the sign-in form, at tablet and phone size", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite("Every Kind Hall", ["Tutoring"]);
  const ProgramIds = [programs[0]!.id];
  const words = (en: string, es: string) => ({ en, es });
  for (const question of [
    { Kind: "text", Label: words("Which school do you go to?", "¿A qué escuela va?") },
    {
      Kind: "number",
      Label: words("Age", "Edad"),
      Min: 5,
      Max: 18,
      Required: true,
    },
    { Kind: "yesno", Label: words("First time here?", "¿Primera vez aquí?"), Required: true },
    {
      Kind: "choice",
      Label: words("Grade", "Curso"),
      Choices: [
        { Label: words("Elementary", "Primaria") },
        { Label: words("Middle school", "Secundaria") },
        { Label: words("High school", "Preparatoria") },
      ],
    },
    {
      Kind: "choices",
      Label: words("Subjects today", "Materias de hoy"),
      Help: words("Pick all that apply.", "Elija todas las que correspondan."),
      Choices: [
        { Label: words("Math", "Matemáticas") },
        { Label: words("Reading", "Lectura") },
        { Label: words("Science", "Ciencias") },
      ],
    },
    { Kind: "date", Label: words("Date of birth", "Fecha de nacimiento") },
    { Kind: "zip", Label: words("ZIP code at home", "Código postal de su casa") },
    {
      Kind: "consent",
      Label: words(
        "I agree to the tutoring center's photo policy.",
        "Acepto la política de fotos del centro de tutoría.",
      ),
      Required: true,
    },
  ])
    await adminApi.expect(201, "POST", "/api/questions", { ...question, ProgramIds });

  await page.setViewportSize(viewports.tablet);
  await page.goto(`/sheet/${location.id}`);
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByLabel("Which school do you go to? (optional)").fill("Lincoln");
  await page.getByLabel("Age", { exact: true }).fill("11");
  await page.getByRole("radiogroup", { name: "First time here?" }).getByText("Yes").click();
  await page.getByRole("radio", { name: "Middle school" }).check();
  await page.getByRole("checkbox", { name: "Math" }).check();
  await page.getByRole("checkbox", { name: "Science" }).check();
  await page.getByLabel("Date of birth (optional)").fill("2015-04-30");
  await expect(page.getByRole("checkbox", { name: "I agree" })).not.toBeChecked();
  await expectAccessible(page, "every kind of question");
  await keepScreenshot(page, "24-every-kind-768x1024");
  await page.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(page, "every kind of question on a phone");
  await keepScreenshot(page, "24-every-kind-390x844");
});
