import { logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { chartMonth, chartNow, chartTimeZone, laDay } from "../support/chart-data.ts";
import { expect, keepScreenshot, test } from "../support/fixtures.ts";
import { runState } from "../support/state.ts";
import { dayInWords } from "../support/days.ts";

test.use({ timezoneId: chartTimeZone });

/** A calendar day moved by some days (YYYY-MM-DD, through UTC so no zone shifts it). */
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

test("reports: the summary and a chart of last month's visits per day, date presets, programs narrowed by location", async ({
  page,
  newUser,
}) => {
  const { chart } = runState();
  const [center, annex] = chart.locations as [
    { id: number; Name: string },
    { id: number; Name: string },
  ];
  const [pantry, tutoring, jobs] = chart.programs as [
    { id: number; Name: string },
    { id: number; Name: string },
    { id: number; Name: string },
  ];
  // The browser's clock starts at the data set's "now" and runs from there: its today and last
  // month are the seeded ones, whatever the machine's date (the server's is not read here).
  await page.clock.install({ time: chartNow });
  const today = laDay(chartNow);
  const month = chartMonth;

  await logInContext(page.context(), await newUser());
  await page.goto("/dashboard/reports");
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  // No dates, no summary: all history would be read to draw it.
  await expect(page.getByText("Choose From and To (or a shortcut) for the summary")).toBeVisible();
  await expect(page.getByRole("region", { name: "Summary" })).toHaveCount(0);

  // The Program list offers only what the chosen location offers; a program it lacks is cleared.
  const programOptions = () => page.getByLabel("Program").locator("option").allTextContents();
  expect(await programOptions()).toEqual(
    expect.arrayContaining([pantry.Name, tutoring.Name, jobs.Name]),
  );
  await page.getByLabel("Location").selectOption({ label: center.Name });
  expect(await programOptions()).toEqual(["All Programs", pantry.Name, tutoring.Name]);
  await page.getByLabel("Program").selectOption({ label: pantry.Name });
  await page.getByLabel("Location").selectOption({ label: annex.Name });
  expect(await programOptions()).toEqual(["All Programs", jobs.Name]);
  await expect(page.getByLabel("Program").locator("option:checked")).toHaveText("All Programs");
  await page.getByLabel("Location").selectOption({ label: center.Name });

  // Last month: the whole seeded month, summed and drawn, one bar per day.
  await page.getByRole("button", { name: "Last month" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${month.from}`));
  expect(query(page.url())).toMatchObject({
    from: month.from,
    to: month.to,
    locationId: String(center.id),
  });
  await expect(page.getByLabel("From", { exact: true })).toHaveValue(dayInWords(month.from));
  await expect(page.getByLabel("To", { exact: true })).toHaveValue(dayInWords(month.to));
  await expect(page.getByRole("button", { name: "Last month" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const summary = page.getByRole("region", { name: "Summary" });
  const figure = (label: string) =>
    summary.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]");
  await expect(figure("Visits")).toHaveText(String(chart.visits.length));
  await expect(figure("Unique visitors")).toHaveText(String(chart.visits.length));
  await expect(figure("Average stay")).toHaveText("30 min");
  // One location chosen: its days, its zone, said under the chart.
  await expect(
    page.getByText(`Days are ${center.Name}'s own (America/Los_Angeles), as are From and To.`),
  ).toBeVisible();
  await expect(page.getByText(`${chart.visits.length} visits`)).toBeVisible();

  const drawn = page.getByTestId("visits-chart");
  await expect(drawn).toBeVisible();
  await expect(drawn.getByText("Visits per day, by program")).toBeVisible();
  // A stacked bar per program and day: program 0 every day, program 1 on even days.
  const bars = drawn.locator(".recharts-bar-rectangle path");
  const expectedBars = month.days + Math.floor(month.days / 2);
  await expect(bars).toHaveCount(expectedBars);
  await expect(drawn.getByText(pantry.Name)).toBeVisible();
  await expect(drawn.getByText(tutoring.Name)).toBeVisible();
  await expectAccessible(page, "reports chart");
  await keepScreenshot(page, "reports-chart-last-month");

  // One program chosen: the bars split by location instead.
  await page.getByLabel("Program").selectOption({ label: tutoring.Name });
  await page.getByRole("button", { name: "Run" }).click();
  await expect(drawn.getByText("Visits per day, by location")).toBeVisible();
  await expect(figure("Visits")).toHaveText(String(Math.floor(month.days / 2)));

  // Every other preset sets From and To to its days in the browser's zone.
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const expected: Array<[string, string, string]> = [
    ["Today", today, today],
    ["Yesterday", shift(today, -1), shift(today, -1)],
    ["This week", shift(today, -weekday), today],
    ["Last 7 days", shift(today, -6), today],
    ["This month", `${today.slice(0, 8)}01`, today],
  ];
  for (const [name, from, to] of expected) {
    await page.getByRole("button", { name, exact: true }).click();
    await expect.poll(() => query(page.url()).from, name).toBe(from);
    expect(query(page.url()), name).toMatchObject({
      from,
      to,
      locationId: String(center.id),
      programId: String(tutoring.id),
    });
    await expect(page.getByLabel("From", { exact: true })).toHaveValue(dayInWords(from));
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(dayInWords(to));
  }
});
