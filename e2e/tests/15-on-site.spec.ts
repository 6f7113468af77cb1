import { Api, createSite } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, keepScreenshot, test } from "../support/fixtures.ts";
import { liveBound } from "../support/live.ts";

// The fire warden's roll call: everyone in the building now, by location and program, printable
// one location per page, and staff can sign someone out from it.

test("on site now: grouped by location and program, live, printable, and staff sign-out recorded as staff", async ({
  page,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const north = await createSite(adminApi, "North Hall", ["Pantry", "Tutoring"]);
  const south = await createSite(adminApi, "South Hall", ["Clinic"]);
  const staff = await newUser();
  const { api } = await setUpTablet(north.location.id, { staff });
  const signIn = (FirstName: string, ProgramId: number, PhoneNumber: string) =>
    api.expect(201, "POST", "/api/visits", {
      FirstName,
      LastName: "Roll",
      PhoneNumber,
      Temperature: "98.4",
      LocationId: north.location.id,
      ProgramId,
    });
  const suffix = String(Date.now()).slice(-4);
  const ana = await signIn("Ana", north.programs[0]!.id, `415-551-${suffix}`);
  await signIn("Ben", north.programs[1]!.id, `415-552-${suffix}`);

  const southTablet = await setUpTablet(south.location.id, { staff });
  await southTablet.api.expect(201, "POST", "/api/visits", {
    FirstName: "Cleo",
    LastName: "Roll",
    PhoneNumber: `415-553-${suffix}`,
    Temperature: "98.4",
    LocationId: south.location.id,
    ProgramId: south.programs[0]!.id,
  });

  const staffApi = Api.of(page.context());
  await staffApi.login(staff.email, staff.password);
  await page.goto("/dashboard/on-site");
  await expect(page.getByRole("heading", { name: "On site now" })).toBeVisible();
  // A region per location, and in it one per program's table, named for both.
  const region = (name: string) => page.getByRole("region", { name, exact: true });
  const northSection = region(north.location.Name);
  const southSection = region(south.location.Name);
  for (const [program, name] of [
    [north.programs[0]!, "Ana Roll"],
    [north.programs[1]!, "Ben Roll"],
  ] as const)
    await expect(
      northSection
        .getByRole("region", { name: `${north.location.Name}: ${program.Name}`, exact: true })
        .getByRole("table", { name: program.Name, exact: true }),
    ).toContainText(name);
  await expect(southSection).toContainText("Cleo Roll");
  await expectAccessible(page, "on-site list");

  // One location only.
  await page.getByLabel("Location").selectOption({ label: north.location.Name });
  await expect(page).toHaveURL(new RegExp(`locationId=${north.location.id}`));
  await expect(southSection).toHaveCount(0);
  await expect(page.getByText("updates live")).toBeVisible();

  // A sign-in at the door appears without a reload (the location's stream).
  await signIn("Dana", north.programs[0]!.id, `415-554-${suffix}`);
  await expect(northSection).toContainText("Dana Roll", { timeout: liveBound });

  // Staff signs Ana out from the list: gone from it, and recorded as staff.
  await page.getByRole("button", { name: "Sign out Ana Roll" }).click();
  await expect(northSection).not.toContainText("Ana Roll");
  const visit = await staffApi.expect(200, "GET", `/api/visits/${ana.id}`);
  expect(visit.SignedOutBy).toBe("staff");
  expect(visit.TimeOut).not.toBeNull();

  // The printed roll call: no navigation or buttons, a tick column.
  await page.getByLabel("Location").selectOption({ label: "All Locations" });
  await expect(southSection).toContainText("Cleo Roll");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print roll call" })).toBeHidden();
  await expect(
    page.getByRole("button", { name: `Start roll call at ${north.location.Name}` }),
  ).toBeHidden();
  await expect(
    page.getByRole("button", { name: `Start a drill at ${north.location.Name}` }),
  ).toBeHidden();
  await expect(page.getByRole("columnheader", { name: "Here", exact: true }).first()).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Action" }).first()).toBeHidden();
  await keepScreenshot(page, "15-on-site-print");
  await page.emulateMedia({ media: "screen" });
  await keepScreenshot(page, "15-on-site");

  // The same list as CSV, from the server.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^on-site-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (
    await file.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text.startsWith("\uFEFFLocation,Program,Name,PhoneNumber,TimeIn\n")).toBe(true);
  expect(text).toContain(
    `${south.location.Name},${south.programs[0]!.Name},Cleo Roll,415-553-${suffix},`,
  );
  // Other journeys' visitors are on site too (one has an Ana Roll of its own): this location's
  // rows are Ben's and Dana's, Ana's signed out.
  const northNames = text
    .split("\n")
    .filter((line) => line.startsWith(`${north.location.Name},`))
    .map((line) => line.split(",")[2]);
  expect(northNames.sort()).toEqual(["Ben Roll", "Dana Roll"]);

  // Streams the server cannot give: the page says it is reconnecting and polls, never "live".
  await page.route("**/api/locations/*/events", (route) => route.abort());
  await page.getByLabel("Location").selectOption({ label: north.location.Name });
  await expect(page.getByText("reconnecting — refreshing every 15 s")).toBeVisible();
  await expect(page.getByText("updates live")).toHaveCount(0);
});
