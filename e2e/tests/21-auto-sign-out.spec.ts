import { createSite, logInContext } from "../support/api.ts";
import { expect, keepScreenshot, test } from "../support/fixtures.ts";

test("automatic sign-out: a visit past the location's maximum stay is signed out by the server's automatic sign-out, run now by an admin, and the report says so", async ({
  page,
  adminApi,
  newUser,
}) => {
  const { location, programs } = await createSite(adminApi, "Auto Hall", ["Evening Class"]);
  // A quarter of an hour's stay: the automatic sign-out ends a visit that began 30 minutes ago.
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

  // What the server does every minute, run at once as an admin can (the minute's own run may have
  // come first: either way the visit is ended, once).
  await adminApi.expect(200, "POST", "/api/settings/auto-sign-out/run", {});
  const ended = await adminApi.expect(200, "GET", `/api/visits/${visit.id}`);
  expect(ended.SignedOutBy).toBe("auto");
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
