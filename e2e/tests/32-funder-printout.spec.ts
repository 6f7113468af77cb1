import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { Api, logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { artifactsDir } from "../support/paths.ts";
import { printNow, printTimeZone } from "../support/print-data.ts";
import { solidPng } from "../support/png.ts";
import { runState } from "../support/state.ts";
import { dayInWords, typeDay } from "../support/days.ts";

// The funder printout a coordinator hands in at the end of a quarter: chosen with the quarter's
// shortcut (counted from the fiscal year's first month, set by an admin), a first page with every
// program and the people counted once, the site's name and logo on every page, and one sheet per
// program: three programs, four sheets. A From after To is said by To, and nothing is asked.

test.use({ timezoneId: printTimeZone });

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const cells = (row: Locator) => row.locator("th, td");

/** Tablet portrait, phone and desktop, as the brief's screenshots are taken. */
const sizes = [
  ["820x1180", { width: 820, height: 1180 }],
  ["390x844", viewports.phone],
  ["1280x800", { width: 1280, height: 800 }],
] as const;

test("funder printout: a quarter's shortcut, a first page with every program and the site's name, a sheet per program with no orphan pages; From after To said by To", async ({
  page,
  newUser,
}) => {
  const { print } = runState();
  const [hall] = print.locations as [{ id: number; Name: string }];
  const [pantry, tutoring, jobs] = print.programs as Array<{ id: number; Name: string }>;
  // The browser's "today" is 13 November 2024 in Los Angeles, whatever the machine's date.
  await page.clock.install({ time: printNow });
  const admin = await newUser({ isAdmin: true });
  await logInContext(page.context(), admin);

  // The Hall's logo, for the printed header.
  await page.goto(`/dashboard/locations/${hall.id}/edit`);
  await page.locator('input[type="file"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: solidPng(64, [30, 90, 160]),
  });
  await expect(page.getByText("logo.png: Uploaded. Submit to save it.")).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard/locations");

  // The organization's year starts in October: an admin says so once, in Settings.
  await page.goto("/admin/settings");
  const fiscalStart = page.getByLabel("The fiscal year starts in");
  await fiscalStart.selectOption({ label: "October" });
  const fiscalSection = page.getByRole("region", { name: "Reports" });
  await fiscalSection.getByRole("button", { name: "Set the fiscal year" }).click();
  await expect(fiscalSection.getByRole("status")).toHaveText("Saved.");
  await expectAccessible(page, "settings with the fiscal year");

  // The summary for the Hall: "this fiscal year" runs from 1 October to today.
  await page.goto("/dashboard/reports/summary");
  await page.getByLabel("Location").selectOption({ label: hall.Name });
  const from = page.getByLabel("From", { exact: true });
  const to = page.getByLabel("To", { exact: true });
  await page.getByRole("button", { name: "This fiscal year" }).click();
  await expect(from).toHaveValue("October 1, 2024");
  await expect(to).toHaveValue("November 13, 2024");
  await expect
    .poll(() => query(page))
    .toMatchObject({
      from: "2024-10-01",
      to: "2024-11-13",
      locationId: String(hall.id),
    });
  // Last quarter: July to September, the Hall's three programs.
  await page.getByRole("button", { name: "Last quarter" }).click();
  await expect(from).toHaveValue("July 1, 2024");
  await expect(to).toHaveValue("September 30, 2024");
  await expect(page.getByRole("button", { name: "Last quarter" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect.poll(() => query(page)).toMatchObject({ from: "2024-07-01", to: "2024-09-30" });
  const figures = page.getByRole("region", { name: "Figures" });
  await expect(figures.getByText("July 1, 2024 to September 30, 2024")).toBeVisible();
  // Each program's months carry their new and returning people, on screen as on paper.
  const pantryJuly = figures
    .getByRole("row")
    .filter({ hasText: pantry!.Name })
    .filter({ hasText: "July 2024" });
  await expect(cells(pantryJuly)).toHaveText([pantry!.Name, "July 2024", "3", "3", "2", "1"]);
  // The From and To fields stand as tall as the drop-downs beside them.
  const heights = await Promise.all(
    [
      from,
      to,
      page.getByLabel("Location", { exact: true }),
      page.getByLabel("Program", { exact: true }),
    ].map(async (field) => Math.round((await field.boundingBox())!.height)),
  );
  expect(new Set(heights).size, `field heights ${heights.join(", ")}`).toBe(1);
  await expectAccessible(page, "funder summary, last quarter");
  for (const [name, size] of sizes) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `funder summary at ${name}`);
    await keepScreenshot(page, `32-summary-filters-${name}`, { fullPage: false });
  }

  // Printed on letter paper: every program together first, then a sheet per program.
  await page.setViewportSize({ width: 816, height: 1056 });
  await expect(page.getByRole("button", { name: "Print" })).toBeEnabled();
  await page.emulateMedia({ media: "print" });
  const sheets = page.getByTestId("funder-print").locator(":scope > section");
  await expect(sheets).toHaveCount(4);
  const first = sheets.first();
  await expect(first.getByRole("heading", { name: "All programs" })).toBeVisible();
  // The site's name and logo head every sheet, not the product's name.
  for (const sheet of await sheets.all()) {
    await expect(sheet.getByText(hall.Name, { exact: true })).toBeVisible();
    const logo = sheet.locator("img");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  }
  await expect(page.getByTestId("funder-print").getByText("Visitor Sign-In")).toHaveCount(0);
  // By hand, July to September: 16 visits by 8 people, 7 of them new (person 2 came in June).
  const card = (label: string) =>
    first.getByText(label, { exact: true }).first().locator("xpath=following-sibling::*[1]");
  await expect(card("Visits")).toHaveText("16");
  await expect(card("People")).toHaveText("8");
  await expect(card("New")).toHaveText("7");
  await expect(card("Returning")).toHaveText("1");
  // Every program, its own people, and every program together with each person once (8, not 11).
  const programs = first.getByRole("table", { name: "Visits and people per program" });
  await expect(programs.locator("tbody tr").locator("td:first-child")).toHaveText([
    jobs!.Name,
    pantry!.Name,
    tutoring!.Name,
  ]);
  await expect(cells(programs.getByRole("row").filter({ hasText: jobs!.Name }))).toHaveText([
    jobs!.Name,
    "4",
    "3",
    "3",
    "0",
  ]);
  await expect(cells(programs.getByRole("row").filter({ hasText: pantry!.Name }))).toHaveText([
    pantry!.Name,
    "7",
    "5",
    "4",
    "1",
  ]);
  await expect(cells(programs.getByRole("row").filter({ hasText: tutoring!.Name }))).toHaveText([
    tutoring!.Name,
    "5",
    "3",
    "3",
    "0",
  ]);
  await expect(cells(programs.locator("tfoot tr"))).toHaveText([
    "All programs, each person once",
    "16",
    "8",
    "7",
    "1",
  ]);
  // Every program's months, new and returning: new people add up to the quarter's 7.
  const months = first.getByRole("table", { name: "Visits and people per month, all programs" });
  await expect(months.locator("tbody tr").nth(0).locator("td")).toHaveText([
    "July 2024",
    "6",
    "6",
    "5",
    "1",
  ]);
  await expect(months.locator("tbody tr").nth(1).locator("td")).toHaveText([
    "August 2024",
    "5",
    "5",
    "1",
    "4",
  ]);
  await expect(months.locator("tbody tr").nth(2).locator("td")).toHaveText([
    "September 2024",
    "5",
    "5",
    "1",
    "4",
  ]);
  // A program's sheet: its months with new and returning, and its answers.
  const pantrySheet = sheets.filter({ has: page.getByRole("heading", { name: pantry!.Name }) });
  await expect(
    pantrySheet
      .getByRole("table", { name: "Visits and people per month" })
      .locator("tbody tr")
      .locator("td"),
  ).toHaveText(
    ["July 2024", "3", "3", "2", "1"]
      .concat(["August 2024", "2", "2", "1", "1"])
      .concat(["September 2024", "2", "2", "1", "1"]),
  );
  await expect(pantrySheet.getByRole("region", { name: "ZIP code" })).toBeVisible();
  await keepScreenshot(page, "32-printout-letter");

  // Three programs: four sheets of paper, none holding a stray card or footnote.
  const pdf = await page.pdf({ format: "Letter" });
  writeFileSync(path.join(artifactsDir, "32-printout.pdf"), pdf);
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page\b/g)).toHaveLength(4);
  await page.emulateMedia({ media: "screen" });

  // From after To: said by To, in the reader's language, and no summary is asked for.
  await page.setViewportSize({ width: 1280, height: 800 });
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("reports.summary")) asked.push(request.url());
  });
  await typeDay(from, "2024-10-10");
  const message = page.getByText("To must be on or after From");
  await expect(message).toBeVisible();
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await expect(to).toHaveAccessibleDescription("To must be on or after From");
  await expect(
    page.getByRole("alert").filter({ hasText: "To must be on or after From" }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Run" }).click();
  await expect(message).toBeVisible();
  expect(query(page).from).toBe("2024-07-01");
  await expect(page.getByText("No visits in this period.")).toHaveCount(0);
  await expectAccessible(page, "funder summary, To before From");
  await keepScreenshot(page, "32-summary-to-before-from", { fullPage: false });
  // Put right, it runs: and of every summary asked for since, none was the wrong period.
  await typeDay(from, "2024-09-01");
  await expect(message).toBeHidden();
  // The heading follows the form at once; the last figures stay, dimmed and busy, and nothing
  // prints, until September's own figures come (their answer held back here until checked).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const september = (url: URL) =>
    url.href.includes("reports.summary") &&
    decodeURIComponent(url.href).includes('"from":"2024-09-01"');
  await page.route(september, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Run" }).click();
  await expect.poll(() => query(page).from).toBe("2024-09-01");
  await expect(
    page.locator('[aria-busy="true"]').getByRole("region", { name: "Figures" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeDisabled();
  release();
  await expect(figures.getByText("September 1, 2024 to September 30, 2024")).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Print" })).toBeEnabled();
  await page.unroute(september);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((url) => decodeURIComponent(url).includes("2024-10-10"))).toEqual([]);

  // The visits report too: a period typed the wrong way round says so, not "No visits match".
  await page.goto(`/dashboard/reports?from=2024-10-10&to=2024-09-30&locationId=${hall.id}`);
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("To must be on or after From")).toBeVisible();
  await expect(page.getByText(/No visits match/)).toHaveCount(0);
  await expectAccessible(page, "visits report, To before From");

  // In Spanish: the shortcuts and the message in the reader's words.
  await Api.of(page.context()).expect(200, "PATCH", `/api/users/${admin.id}`, {
    language: "es",
  });
  await page.goto(`/dashboard/reports/summary?from=2024-10-10&to=2024-09-30&locationId=${hall.id}`);
  await expect(page.getByRole("button", { name: "Trimestre pasado" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Año fiscal pasado" })).toBeVisible();
  await expect(
    page.getByText("La fecha final debe ser igual o posterior a la inicial"),
  ).toBeVisible();
  await expect(page.getByLabel("Hasta", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "funder summary in Spanish, To before From");
  for (const [name, size] of sizes) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `Spanish summary at ${name}`);
    await keepScreenshot(page, `32-summary-es-${name}`, { fullPage: false });
  }
  await page.getByRole("button", { name: "Trimestre pasado" }).click();
  await expect(page.getByLabel("Desde", { exact: true })).toHaveValue(
    dayInWords("2024-07-01", "es-US"),
  );
  await expect(page.getByLabel("Hasta", { exact: true })).toHaveValue(
    dayInWords("2024-09-30", "es-US"),
  );
  // The Spanish printout: every program first, in Spanish.
  await page.setViewportSize({ width: 816, height: 1056 });
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeEnabled();
  await page.emulateMedia({ media: "print" });
  await expect(sheets.first().getByRole("heading", { name: "Todos los programas" })).toBeVisible();
  await expect(sheets.first().getByText("Todos los programas, cada persona una vez")).toBeVisible();
  await keepScreenshot(page, "32-printout-es-letter");
  const pdfEs = await page.pdf({ format: "Letter" });
  writeFileSync(path.join(artifactsDir, "32-printout-es.pdf"), pdfEs);
  expect(pdfEs.toString("latin1").match(/\/Type\s*\/Page\b/g)).toHaveLength(4);
});
