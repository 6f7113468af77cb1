import { createSite, logInContext } from "../support/api.ts";
import { expect, keepScreenshot, test } from "../support/fixtures.ts";

test("automatic sign-out: a visit past the location's maximum stay is signed out by the server's job and the report says so", async ({
  page,
  adminApi,
  newUser,
}) => {
  test.setTimeout(180_000);
  const { location, programs } = await createSite(adminApi, "Auto Hall", ["Evening Class"]);
  // A quarter of an hour's stay: the job, which looks every minute, ends a visit that began 30 minutes ago.
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, {
    MaxStayHours: 0.25,
    TimeZone: "America/Los_Angeles",
  });
  const timeIn = new Date(Date.now() - 30 * 60_000);
  const visit = await adminApi.expect(201, "POST", "/api/visits", {
    FirstName: "Otis",
    LastName: "Overstay",
    PhoneNumber: "4155550177",
    Temperature: "98.2",
    LocationId: location.id,
    ProgramId: programs[0]!.id,
    TimeIn: timeIn.toISOString(),
  });

  await expect
    .poll(async () => (await adminApi.expect(200, "GET", `/api/visits/${visit.id}`)).SignedOutBy, {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe("auto");
  const ended = await adminApi.expect(200, "GET", `/api/visits/${visit.id}`);
  expect(Date.parse(ended.TimeOut)).toBe(timeIn.getTime() + 15 * 60_000);

  await logInContext(page.context(), await newUser());
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/dashboard/reports?locationId=${location.id}&from=${day(-1)}&to=${day(1)}`);
  const row = page.getByRole("row").filter({ hasText: "Otis Overstay" });
  await expect(row).toContainText("(automatic)");
  const timeOut = new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Los_Angeles",
  }).format(new Date(ended.TimeOut));
  await expect(row).toContainText(timeOut);
  await keepScreenshot(page, "21-report-automatic-sign-out");
});
