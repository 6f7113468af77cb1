import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { logInContext, unique, type Api, freshConnection } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { artifactsDir } from "../support/paths.ts";
import { zoneNearNoon } from "../support/zone.ts";

// A pantry's answers, from the visits staff signed in today, to the report (a column per
// question, in words), its CSV, a correction by staff, and the funder summary's figures per
// question, which match the hand count below; then its printed sheet.

const zone = zoneNearNoon();
/** Today where the site is (about noon there, so it stays today all through the journey). */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
const year = Number(today.slice(0, 4));

interface Site {
  location: { id: number; Name: string };
  program: { id: number; Name: string };
  q: Record<"household" | "zip" | "consent" | "language" | "born", number>;
}

async function pantryWithQuestions(admin: Api): Promise<Site> {
  const tag = unique();
  const program = await admin.expect(201, "POST", "/api/programs", {
    Name: `Answers Pantry ${tag}`,
    LocationIds: [],
  });
  const location = await admin.expect(201, "POST", "/api/locations", {
    Name: `Answers Hall ${tag}`,
    Address: `${tag} Answer Rd`,
    TimeZone: zone,
    ProgramIds: [program.id],
  });
  const asked = (fields: Record<string, unknown>) =>
    admin.expect(201, "POST", "/api/questions", { ProgramIds: [program.id], ...fields });
  const both = (en: string, es: string) => ({ en, es });
  const q = {
    household: (
      await asked({
        Kind: "number",
        Label: both("People in your household", "Personas en su hogar"),
        Min: 1,
        Max: 20,
      })
    ).id,
    zip: (await asked({ Kind: "zip", Label: both("ZIP code", "Código postal") })).id,
    consent: (
      await asked({
        Kind: "consent",
        Label: both("I agree to share my visit with our funders", "Acepto compartir mi visita"),
      })
    ).id,
    language: (
      await asked({
        Kind: "choice",
        Label: both("Preferred language", "Idioma preferido"),
        Choices: [
          { id: "en", Label: both("English", "Inglés") },
          { id: "es", Label: both("Spanish", "Español") },
        ],
      })
    ).id,
    born: (await asked({ Kind: "date", Label: both("Date of birth", "Fecha de nacimiento") })).id,
  };
  return { location, program, q };
}

/** A visit staff sign in with these answers, then sign out (the same phone comes back). */
async function visit(
  admin: Api,
  site: Site,
  person: { first: string; phone: string },
  answers: Record<number, unknown>,
) {
  const created = await admin.expect(201, "POST", "/api/visits", {
    FirstName: person.first,
    LastName: "Visitor",
    PhoneNumber: person.phone,
    Temperature: "98.4",
    LocationId: site.location.id,
    ProgramId: site.program.id,
    Answers: answers,
  });
  await admin.expect(200, "PATCH", `/api/visits/${created.id}/sign-out`);
  return created.id as number;
}

/** A question's card on the summary, and one answer's line in it: [answer, people, share]. */
const card = (scope: Page | Locator, label: string) => scope.getByRole("region", { name: label });
const line = (scope: Locator, answer: string) =>
  scope
    .getByRole("row")
    .filter({ has: scope.page().getByRole("cell", { name: answer, exact: true }) });

test("answers in the report, its CSV, a staff correction, and the funder summary's figures per question match a hand count; the printed sheet", async ({
  page,
  adminApi,
  newUser,
}) => {
  const site = await pantryWithQuestions(adminApi);
  const { q } = site;
  // By hand, today: Ana twice (her later answers count: 5 people, born 35 years ago), Ben once
  // (2 people, 10 years old), Cy once (4 people, did not agree, no date of birth).
  const ana = { first: "Ana", phone: "4155507001" };
  const ben = { first: "Ben", phone: "4155507002" };
  const cy = { first: "Cy", phone: "4155507003" };
  await visit(adminApi, site, ana, {
    [q.household]: 3,
    [q.zip]: "94110",
    [q.consent]: true,
    [q.language]: "es",
    [q.born]: `${year - 35}-01-01`,
  });
  await visit(adminApi, site, ana, {
    [q.household]: 5,
    [q.zip]: "94110",
    [q.consent]: true,
    [q.language]: "es",
    [q.born]: `${year - 35}-01-01`,
  });
  await visit(adminApi, site, ben, {
    [q.household]: 2,
    [q.zip]: "94112",
    [q.consent]: true,
    [q.language]: "en",
    [q.born]: `${year - 10}-01-01`,
  });
  const cyVisit = await visit(adminApi, site, cy, {
    [q.household]: 4,
    [q.zip]: "94110",
    [q.consent]: false,
    [q.language]: "en",
  });

  await logInContext(page.context(), await newUser({ firstName: "Sam" }));
  const filters = `from=${today}&to=${today}&locationId=${site.location.id}&programId=${site.program.id}`;

  // The report for the pantry: a column per question, each answer in words.
  await page.goto(`/dashboard/reports?${filters}`);
  const table = page.getByRole("region", { name: "Visits report" });
  for (const header of [
    "People in your household",
    "ZIP code",
    "I agree to share my visit with our funders",
    "Preferred language",
    "Date of birth",
  ])
    await expect(table.getByRole("columnheader", { name: header })).toBeVisible();
  const rowOf = (first: string) => table.getByRole("row").filter({ hasText: `${first} Visitor` });
  await expect(rowOf("Ana").first()).toContainText("5");
  await expect(rowOf("Ana").first()).toContainText("Spanish");
  await expect(rowOf("Ana").first()).toContainText(`Jan 1, ${year - 35}`);
  await expect(rowOf("Cy")).toContainText("Not agreed");
  await expect(rowOf("Cy")).toContainText("English");
  await page.setViewportSize(viewports.tablet);
  await keepScreenshot(page, "25-report-answers-768");

  // Its CSV: the same answers, a column per question after the usual ones.
  const csv = await page.request.get(
    `/api/visits?format=csv&${filters}&timeZone=${encodeURIComponent(zone)}`,
    { headers: freshConnection },
  );
  expect(csv.status()).toBe(200);
  const [header, ...rows] = (await csv.text()).slice(1).trim().split("\n");
  expect(header).toContain(
    "People in your household,ZIP code,I agree to share my visit with our funders,Preferred language,Date of birth",
  );
  expect(rows.find((row) => row.includes("Cy Visitor"))).toMatch(/,4,94110,No,English,$/);

  // Staff correct Cy's household: out of range is refused by the field, then 6 is kept.
  await rowOf("Cy").getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(`/dashboard/visits/${cyVisit}/edit`);
  await expect(page.getByRole("heading", { name: "Correct a visit" })).toBeVisible();
  const household = page.getByLabel("People in your household");
  await expect(household).toHaveValue("4");
  await household.fill("25");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Must be at most 20")).toBeVisible();
  await household.fill("6");
  await page.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(page, "correct a visit");
  await keepScreenshot(page, "25-correct-visit-390");
  await expectAccessible(page, "correct a visit");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\?/);
  await expect(rowOf("Cy")).toContainText("6");
  const corrected = await adminApi.expect(200, "GET", `/api/visits/${cyVisit}`);
  expect(corrected.Answers[q.household]).toBe(6);
  // The audit log says the answers changed, never what they are.
  const audit = await adminApi.expect(200, "GET", "/api/audit?action=visit.update");
  const entry = (audit as Array<{ subject: { id: number } | null; details: unknown }>).find(
    (row) => row.subject?.id === cyVisit,
  );
  expect(entry?.details).toEqual({ fields: ["Answers"] });

  // The funder summary for today at the hall: each person once, by their latest answer.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(
    `/dashboard/reports/summary?from=${today}&to=${today}&locationId=${site.location.id}`,
  );
  const answers = page.getByRole("region", { name: "Answers to the questions" });
  await expect(
    answers.getByText("Each person is counted once, by their latest answer in the period"),
  ).toBeVisible();
  const household$ = card(answers, "People in your household");
  await expect(household$).toContainText("3 of 3 people answered");
  // 5 + 2 + 6 = 13; 13 / 3 = 4.33.
  await expect(household$).toContainText("Total13");
  await expect(household$).toContainText("Average4.33");
  const zip = card(answers, "ZIP code");
  await expect(line(zip, "94110")).toContainText("267%");
  await expect(line(zip, "94112")).toContainText("133%");
  const consent = card(answers, "I agree to share my visit with our funders");
  await expect(line(consent, "Agreed")).toContainText("267%");
  await expect(line(consent, "Did not agree")).toContainText("133%");
  const language = card(answers, "Preferred language");
  await expect(line(language, "English")).toContainText("267%");
  await expect(line(language, "Spanish")).toContainText("133%");
  const born = card(answers, "Date of birth");
  await expect(born).toContainText("2 of 3 people answered");
  await expect(line(born, "6–12")).toContainText("150%");
  await expect(line(born, "25–44")).toContainText("150%");
  await expect(line(born, "65+")).toContainText("00%");
  await expectAccessible(page, "funder summary with answers");
  await keepScreenshot(page, "25-summary-answers-1280");
  for (const [name, size] of [
    ["768", viewports.tablet],
    ["390", viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `summary at ${name}`);
    await keepScreenshot(page, `25-summary-answers-${name}`);
  }

  // The summary's CSV: the same figures, a second table after the totals.
  const summaryCsv = await page.request.get(
    `/api/reports/summary?format=csv&from=${today}&to=${today}&locationId=${site.location.id}&timeZone=${encodeURIComponent(zone)}`,
    { headers: freshConnection },
  );
  const period = `${today}/${today}`;
  const summaryLines = (await summaryCsv.text()).slice(1).trim().split("\n");
  expect(summaryLines).toEqual(
    expect.arrayContaining([
      "Program,Period,Question,Answer,People,Sum,Mean",
      `All programs,${period},People in your household,Answered,3,13,4.33`,
      `All programs,${period},ZIP code,94110,2,,`,
      `All programs,${period},Preferred language,Spanish,1,,`,
      `All programs,${period},Date of birth,25–44,1,,`,
    ]),
  );

  // Printed on letter paper: the pantry's sheet (after every program's) carries its figures
  // per question.
  await page.setViewportSize({ width: 816, height: 1056 });
  await expect(page.getByRole("button", { name: "Print" })).toBeEnabled();
  await page.emulateMedia({ media: "print" });
  const sheet = page
    .getByTestId("funder-print")
    .locator(":scope > section")
    .filter({ has: page.getByRole("heading", { name: site.program.Name }) });
  await expect(sheet.getByRole("heading", { name: site.program.Name })).toBeVisible();
  await expect(sheet.getByText(site.location.Name, { exact: true })).toBeVisible();
  await expect(card(sheet, "People in your household")).toContainText("Average4.33");
  await expect(line(card(sheet, "ZIP code"), "94110")).toContainText("267%");
  await keepScreenshot(page, "25-summary-print");
  const pdf = await page.pdf({ format: "Letter", printBackground: true });
  writeFileSync(path.join(artifactsDir, "25-summary-print.pdf"), pdf);
  expect(
    readFileSync(path.join(artifactsDir, "25-summary-print.pdf")).subarray(0, 4).toString(),
  ).toBe("%PDF");
  await page.emulateMedia({ media: "screen" });
});
