import { readFileSync } from "node:fs";
import type { Download, Locator, Page } from "@playwright/test";
import { logInContext, freshConnection } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { reportTimeZone } from "../support/report-data.ts";
import { runState, type SeededVisit } from "../support/state.ts";
import { dayInWords, typeDay } from "../support/days.ts";

test.use({ timezoneId: reportTimeZone });

const csvHeader =
  "Date,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut,DurationMinutes,SignedOutBy,SignedInFrom";

/** YYYY-MM-DD of an instant in Los Angeles. */
const laDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: reportTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(iso));
/** "2:07 PM" in Los Angeles, with a plain space. */
const laTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: reportTimeZone, hour: "numeric", minute: "2-digit" })
    .format(new Date(iso))
    .replace(/\s/g, " ");
/** ISO 8601 in Los Angeles with its offset, as the CSV writes times: 2025-01-15T23:45:00-08:00. */
const laIso = (iso: string) => {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: reportTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    timeZoneName: "longOffset",
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:${part("second")}${part("timeZoneName").replace("GMT", "")}`;
};
/** The report table's date, as the browser shows it (en-US). */
const laShortDate = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: reportTimeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).format(new Date(iso));

test("reports: filters, pages, the query string and the CSV in the browser's time zone", async ({
  page,
  newUser,
}) => {
  const { reports } = runState();
  const { from, to, visits } = reports;
  const [hall, annex] = reports.locations as [
    { id: number; Name: string },
    { id: number; Name: string },
  ];
  const jobs = reports.programs[2]!;
  const newestFirst = [...visits].sort((a, b) => b.TimeIn.localeCompare(a.TimeIn));
  const nora = visits.find((v) => v.FirstName === "Nora")!;
  const earl = visits.find((v) => v.FirstName === "Earl")!;
  expect(visits.length).toBeGreaterThan(50);

  await logInContext(page.context(), await newUser());
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reports" })
    .click();
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  await expect(page.getByLabel("Location")).toHaveValue("");
  await expect(page.getByLabel("Location").locator("option:checked")).toHaveText("All Locations");
  await expect(page.getByLabel("Program").locator("option:checked")).toHaveText("All Programs");

  // Every seeded visit: three pages of 25, newest first; the page count is the Link header's.
  await typeDay(page.getByLabel("From", { exact: true }), from);
  await typeDay(page.getByLabel("To", { exact: true }), to);
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reports\\?.*from=${from}`));
  expect(query(page)).toEqual({ from, to, page: "1" });
  await expect(page.getByText(`${visits.length} visits`)).toBeVisible();
  const rows = page.locator("table tbody tr");
  await expect(rows).toHaveCount(25);
  await expectRow(rows.nth(0), earl, annex.Name, jobs.Name);
  await expectRow(rows.nth(1), nora, annex.Name, jobs.Name);
  const api = await apiPage(page, { from, to, timeZone: reportTimeZone });
  expect(api.total).toBe(visits.length);
  expect(api.lastPage).toBe(3);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager.getByRole("button", { name: /^\d+$/ })).toHaveText(["1", "2", "3"]);
  await expect(pager.getByRole("button", { name: "Prev" })).toBeDisabled();
  await expect(pager.getByRole("button", { name: "1" })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page, "reports");

  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  expect(query(page)).toEqual({ from, to, page: "2" });
  await expect(pager.getByRole("button", { name: "2" })).toHaveAttribute("aria-current", "page");
  await expectRow(rows.nth(0), newestFirst[25]!, undefined, undefined);
  await pager.getByRole("button", { name: "3" }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(rows).toHaveCount(visits.length - 50);
  await expectRow(rows.last(), newestFirst.at(-1)!, undefined, undefined);
  await expect(pager.getByRole("button", { name: "Next" })).toBeDisabled();

  // The query string is the report: a reload shows the same page.
  await page.reload();
  await expect(rows).toHaveCount(visits.length - 50);
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(dayInWords(from));
  await expect(pager.getByRole("button", { name: "3" })).toHaveAttribute("aria-current", "page");

  // One location: two pages (the Link header has only a next link on the first).
  await page.getByLabel("Location").selectOption({ label: hall.Name });
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page).toHaveURL(new RegExp(`locationId=${hall.id}`));
  expect(query(page)).toEqual({ from, to, locationId: String(hall.id), page: "1" });
  const atHall = visits.filter((v) => v.locationId === hall.id);
  await expect(page.getByText(`${atHall.length} visits`)).toBeVisible();
  const hallApi = await apiPage(page, { from, to, locationId: hall.id, timeZone: reportTimeZone });
  expect(hallApi.rels).toEqual(["next"]);
  expect(hallApi.lastPage).toBe(2);
  await expect(pager.getByRole("button", { name: /^\d+$/ })).toHaveText(["1", "2"]);
  await expect(page.locator("table tbody tr td:nth-child(2)")).toHaveText(
    Array(25).fill(hall.Name),
  );

  // A location and a program: one page, no pagination.
  await page.getByLabel("Location").selectOption({ label: annex.Name });
  await page.getByLabel("Program").selectOption({ label: jobs.Name });
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page).toHaveURL(new RegExp(`programId=${jobs.id}`));
  expect(query(page)).toEqual({
    from,
    to,
    locationId: String(annex.id),
    programId: String(jobs.id),
    page: "1",
  });
  const annexJobs = visits.filter((v) => v.locationId === annex.id && v.programId === jobs.id);
  await expect(page.getByText(`${annexJobs.length} visits`)).toBeVisible();
  await expect(rows).toHaveCount(annexJobs.length);
  await expect(pager).toHaveCount(0);
  await expect(page.locator("table tbody tr td:nth-child(3)")).toHaveText(
    Array(annexJobs.length).fill(jobs.Name),
  );

  // One day in Los Angeles: the visit at 11:45 PM is on the 15th, the one at 12:10 AM is not.
  const day = laDate(nora.TimeIn);
  expect(day).toBe("2025-01-15");
  expect(nora.TimeIn.slice(0, 10)).toBe("2025-01-16");
  await typeDay(page.getByLabel("From", { exact: true }), day);
  await typeDay(page.getByLabel("To", { exact: true }), day);
  await page.getByLabel("Program").selectOption({ label: "All Programs" });
  await page.getByRole("button", { name: "Run" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}|to=${day}.*from=${day}`));
  const dayAtAnnex = visits
    .filter((v) => v.locationId === annex.id && laDate(v.TimeIn) === day)
    .sort((a, b) => b.TimeIn.localeCompare(a.TimeIn));
  await expect(rows).toHaveCount(dayAtAnnex.length);
  await expect(rows.filter({ hasText: "Nora Night" })).toContainText(laShortDate(nora.TimeIn));
  await expect(rows.filter({ hasText: "Earl Early" })).toHaveCount(0);

  // CSV: a new window with the same filters and the browser's zone, every matching row.
  const download = await csvDownload(page);
  const csvUrl = new URL(download.url());
  expect(Object.fromEntries(csvUrl.searchParams)).toEqual({
    format: "csv",
    timeZone: reportTimeZone,
    from: day,
    to: day,
    locationId: String(annex.id),
  });
  // Named for what it holds: the day and the location.
  expect(download.suggestedFilename()).toBe(
    `visits-${day}-${annex.Name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.csv`,
  );
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csvLines(csv)).toEqual([csvHeader, ...dayAtAnnex.map((v) => csvLine(v, runState()))]);

  // The whole range as CSV is every row, not one page.
  const whole = await page.request.get(
    `/api/visits?format=csv&timeZone=${encodeURIComponent(reportTimeZone)}&from=${from}&to=${to}`,
    { headers: freshConnection },
  );
  expect(whole.status()).toBe(200);
  expect(whole.headers()["content-type"]).toContain("text/csv");
  const wholeLines = csvLines(await whole.text());
  expect(wholeLines[0]).toBe(csvHeader);
  expect(wholeLines.slice(1)).toEqual(newestFirst.map((v) => csvLine(v, runState())));
});

function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

async function expectRow(
  row: Locator,
  visit: SeededVisit,
  location: string | undefined,
  program: string | undefined,
) {
  const phone = `${visit.PhoneNumber.slice(0, 3)}-${visit.PhoneNumber.slice(3, 6)}-${visit.PhoneNumber.slice(6)}`;
  await expect(row.getByRole("cell")).toHaveText([
    laShortDate(visit.TimeIn),
    location ?? /.+/,
    program ?? /.+/,
    `${visit.FirstName} ${visit.LastName}`,
    phone,
    visit.Temperature,
    // The seeded visits were signed in by staff through the API, and the report says so.
    `${laTime(visit.TimeIn)}(by staff)`,
    visit.TimeOut ? laTime(visit.TimeOut) : "",
    // Each visit staff may correct.
    "Edit",
  ]);
}

/** The REST list for the same filters: its total and the last page its Link header leads to. */
async function apiPage(page: Page, params: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const response = await page.request.get(`/api/visits?${qs}`, { headers: freshConnection });
  expect(response.status()).toBe(200);
  const link = response.headers()["link"] ?? "";
  const pages = Object.fromEntries(
    [...link.matchAll(/<([^>]*)>;\s*rel="(\w+)"/g)].map((m) => [
      m[2]!,
      Number(new URL(m[1]!, "http://x").searchParams.get("page")),
    ]),
  );
  return {
    total: Number(response.headers()["x-total-count"]),
    rels: Object.keys(pages).sort(),
    lastPage: pages.last ?? (pages.next ? 2 : 1),
  };
}

/**
 * Clicks CSV and returns the download it starts. The app opens the CSV in a new window (noopener);
 * Chromium reports that download on the opening page, so both are listened to.
 */
async function csvDownload(page: Page): Promise<Download> {
  const context = page.context();
  const opened = context.waitForEvent("page");
  const download = new Promise<Download>((resolve) => {
    page.once("download", resolve);
    context.once("page", (popup) => popup.once("download", resolve));
  });
  await page.getByRole("button", { name: "CSV" }).click();
  await opened;
  return download;
}

function csvLines(csv: string): string[] {
  return csv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line !== "");
}

function csvLine(v: SeededVisit, state: ReturnType<typeof runState>): string {
  const location = state.reports.locations.find((l) => l.id === v.locationId)!.Name;
  const program = state.reports.programs.find((p) => p.id === v.programId)!.Name;
  const phone = `${v.PhoneNumber.slice(0, 3)}-${v.PhoneNumber.slice(3, 6)}-${v.PhoneNumber.slice(6)}`;
  // SignedOutBy is empty: the set-up moves the visits in time with SQL, not by signing them out.
  // SignedInFrom is staff: the set-up signs them in through the API as staff.
  const minutes = v.TimeOut
    ? String(Math.floor((Date.parse(v.TimeOut) - Date.parse(v.TimeIn)) / 60_000))
    : "";
  return [
    laDate(v.TimeIn),
    location,
    program,
    `${v.FirstName} ${v.LastName}`,
    phone,
    v.Temperature,
    laIso(v.TimeIn),
    v.TimeOut ? laIso(v.TimeOut) : "",
    minutes,
    "",
    "staff",
  ].join(",");
}
