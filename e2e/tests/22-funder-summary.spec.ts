import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { solidPng } from "../support/png.ts";
import { runState } from "../support/state.ts";
import { summaryNow, summaryTimeZone } from "../support/summary-data.ts";
import { typeDay } from "../support/days.ts";

test.use({ timezoneId: summaryTimeZone });

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** A figure card's number, by its label (the first such label: the cards come before the table). */
const figure = (scope: Locator, label: string) =>
  scope.getByText(label, { exact: true }).first().locator("xpath=following-sibling::*[1]");

async function expectFigures(
  scope: Locator,
  figures: { visits: number; people: number; new: number; returning: number },
) {
  await expect(figure(scope, "Visits")).toHaveText(String(figures.visits));
  await expect(figure(scope, "People")).toHaveText(String(figures.people));
  await expect(figure(scope, "New")).toHaveText(String(figures.new));
  await expect(figure(scope, "Returning")).toHaveText(String(figures.returning));
}

test("funder summary: last month's figures match a hand count, a table and chart per program and month, a printed sheet for every program together then one per program, the CSV", async ({
  page,
  newUser,
}) => {
  const { summary } = runState();
  const [hall] = summary.locations as [{ id: number; Name: string }];
  const [pantry, tutoring] = summary.programs as [
    { id: number; Name: string },
    { id: number; Name: string },
  ];
  // The browser's "last month" is the seeded April, whatever the machine's date.
  await page.clock.install({ time: summaryNow });
  await logInContext(page.context(), await newUser({ isAdmin: true }));

  // The Hall gets a logo, for its printed sheets.
  await page.goto(`/dashboard/locations/${hall.id}/edit`);
  await page.locator('input[type="file"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: solidPng(64, [40, 120, 60]),
  });
  await expect(page.getByText("logo.png: Uploaded. Submit to save it.")).toBeVisible();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard/locations");

  // From the visits report, its tab: last month by default.
  await page.goto("/dashboard/reports");
  await page
    .getByRole("navigation", { name: "Reports" })
    .getByRole("link", { name: "Funder summary" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/summary/);
  await expect(page.getByRole("heading", { name: "Funder summary", level: 1 })).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("April 1, 2025");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("April 30, 2025");
  await expect(page.getByRole("button", { name: "Last month" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.getByLabel("Location").selectOption({ label: hall.Name });
  await page.getByRole("button", { name: "Run" }).click();
  await expect
    .poll(() => query(page))
    .toMatchObject({
      from: "2025-04-01",
      to: "2025-04-30",
      locationId: String(hall.id),
    });
  const figures = page.getByRole("region", { name: "Figures" });
  await expect(figures.getByText("April 1, 2025 to April 30, 2025")).toBeVisible();
  // By hand, April at the Hall: persons 1 (three visits), 2, 3 (two), 4, 5 (11:30 PM on the
  // 30th) and 7; 6 came on 1 May. 1 and 7 had been to the Hall in March; 4 only to the Annex.
  await expectFigures(figures, { visits: 9, people: 6, new: 4, returning: 2 });
  const rows = figures.locator("table tbody tr");
  await expect(rows).toHaveCount(2);
  // Each month's new and returning people: April is the whole period here.
  await expect(rows.nth(0).getByRole("cell")).toHaveText([
    pantry.Name,
    "April 2025",
    "5",
    "4",
    "3",
    "1",
  ]);
  await expect(rows.nth(1).getByRole("cell")).toHaveText([
    tutoring.Name,
    "April 2025",
    "4",
    "3",
    "2",
    "1",
  ]);
  const chart = page.getByTestId("funder-chart");
  await expect(chart.getByText("Visits and people per program and month")).toBeVisible();
  // A bar each for visits and people, for each program's month.
  await expect(chart.locator(".recharts-bar-rectangle path")).toHaveCount(4);
  await expectAccessible(page, "funder summary");
  await keepScreenshot(page, "22-funder-summary");

  // The CSV: the same figures, named for the period and the site.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(Object.fromEntries(new URL(download.url()).searchParams)).toEqual({
    format: "csv",
    timeZone: summaryTimeZone,
    language: "en",
    from: "2025-04-01",
    to: "2025-04-30",
    locationId: String(hall.id),
  });
  expect(download.suggestedFilename()).toBe(
    `summary-2025-04-01-to-2025-04-30-${hall.Name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.csv`,
  );
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv.slice(1, -1).split("\n")).toEqual([
    "Program,Period,Visits,People,NewPeople,ReturningPeople",
    "All programs,2025-04-01/2025-04-30,9,6,4,2",
    `${pantry.Name},2025-04,5,4,,`,
    `${tutoring.Name},2025-04,4,3,,`,
  ]);

  // Printed on letter paper: every program together, then a sheet per program, each with the
  // site, its logo, the period, its own figures and months, and none of the app around it.
  await page.setViewportSize({ width: 816, height: 1056 });
  await expect(page.getByRole("button", { name: "Print" })).toBeEnabled();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Funder summary", level: 1 })).toBeHidden();
  const sheets = page.getByTestId("funder-print").locator(":scope > section");
  await expect(sheets).toHaveCount(3);
  const [allSheet, pantrySheet, tutoringSheet] = [sheets.nth(0), sheets.nth(1), sheets.nth(2)];
  await expect(allSheet.getByRole("heading", { name: "All programs" })).toBeVisible();
  await expectFigures(allSheet, { visits: 9, people: 6, new: 4, returning: 2 });
  for (const sheet of [allSheet, pantrySheet, tutoringSheet]) {
    await expect(sheet.getByText(hall.Name, { exact: true })).toBeVisible();
    await expect(sheet.getByText("April 1, 2025 to April 30, 2025")).toBeVisible();
    const logo = sheet.locator("img");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  }
  await expect(pantrySheet.getByRole("heading", { name: pantry.Name })).toBeVisible();
  // The pantry in April: 1 (twice), 2, 4, 5; only 1 had been before.
  await expectFigures(pantrySheet, { visits: 5, people: 4, new: 3, returning: 1 });
  await expect(pantrySheet.locator("tbody tr").getByRole("cell")).toHaveText([
    "April 2025",
    "5",
    "4",
    "3",
    "1",
  ]);
  await expect(tutoringSheet.getByRole("heading", { name: tutoring.Name })).toBeVisible();
  // Tutoring in April: 1 (new to it), 3 (twice), 7 (there in March).
  await expectFigures(tutoringSheet, { visits: 4, people: 3, new: 2, returning: 1 });
  await keepScreenshot(page, "22-funder-summary-print-letter");
  // One sheet of paper for every program together, and one per program.
  const pdf = (await page.pdf({ format: "Letter" })).toString("latin1");
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(3);
  await page.emulateMedia({ media: "screen" });

  // Two months: each program's March and April, months in order.
  await page.setViewportSize({ width: 1280, height: 800 });
  await typeDay(page.getByLabel("From", { exact: true }), "2025-03-01");
  await page.getByRole("button", { name: "Run" }).click();
  await expect.poll(() => query(page).from).toBe("2025-03-01");
  await expect(rows).toHaveCount(4);
  await expect(figures.locator("table tbody tr td:nth-child(-n+2)")).toHaveText([
    pantry.Name,
    "March 2025",
    tutoring.Name,
    "March 2025",
    pantry.Name,
    "April 2025",
    tutoring.Name,
    "April 2025",
  ]);
  // March and April: the same six people plus nobody new; 4's first Hall visit is in April.
  await expectFigures(figures, { visits: 11, people: 6, new: 6, returning: 0 });

  // On a tablet and a phone: the same page, nothing wider than the screen.
  for (const [name, size] of [
    ["tablet", viewports.tablet],
    ["phone", viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    await expect(figure(figures, "Visits")).toHaveText("11");
    await expectNoHorizontalOverflow(page, `funder summary on a ${name}`);
    await keepScreenshot(page, `22-funder-summary-${name}`);
  }
});
