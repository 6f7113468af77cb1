import { createSite, logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { openAdminPage } from "../support/menu.ts";

test("audit log: an admin's location change and a tablet's sign-in, found by filtering /admin/audit", async ({
  page,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const { location, programs } = await createSite(adminApi, "Audit Hall", ["Pantry"]);
  const admin = await newUser({ isAdmin: true, firstName: "Maria" });
  const adminName = `${admin.firstName} ${admin.lastName}`;
  await page.setViewportSize(viewports.tablet);
  await logInContext(page.context(), admin);

  // The admin changes the location's address on its form.
  await page.goto(`/dashboard/locations/${location.id}/edit`);
  await page.getByLabel("Address").fill("18 Audit Lane");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard/locations");

  // A tablet at the location signs a visitor in.
  const tablet = await setUpTablet(location.id, { viewport: viewports.tablet });
  await tablet.api.expect(201, "POST", "/api/visits", {
    FirstName: "Noor",
    LastName: "Private",
    PhoneNumber: "4155550181",
    Temperature: "98.1",
    LocationId: location.id,
    ProgramId: programs[0]!.id,
  });

  // Admin → Audit log, filtered to the location: both entries, in plain words, no visitor's name.
  await openAdminPage(page, "Audit log");
  await page.getByLabel("Location").selectOption({ label: location.Name });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`locationId=${location.id}`));
  const rows = page.getByRole("row");
  const signIn = rows.filter({ hasText: `Tablet '${location.Name}' signed in a visitor` });
  const change = rows.filter({
    hasText: `${adminName} changed the location '${location.Name}' (Address)`,
  });
  await expect(signIn).toHaveCount(1);
  await expect(change).toHaveCount(1);
  await expect(page.getByText("Noor")).toHaveCount(0);
  await expect(page.getByText(/555.?0181/)).toHaveCount(0);
  await expectAccessible(page, "audit log");
  await keepScreenshot(page, "18-audit-tablet");

  // Only sign-ins and sign-outs: the location change drops out.
  await page.getByLabel("What").selectOption({ label: "Sign-ins and sign-outs" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(change).toHaveCount(0);
  await expect(signIn).toHaveCount(1);

  // The person filter: the admin's own changes only.
  await page.getByLabel("What").selectOption({ label: "Everything" });
  await page.getByLabel("Person").selectOption({ label: adminName });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(change).toHaveCount(1);
  await expect(signIn).toHaveCount(0);

  await page.setViewportSize(viewports.phone);
  await page.getByLabel("Person").selectOption({ label: "Anyone" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(signIn).toHaveCount(1);
  await expectNoHorizontalOverflow(page, "audit log on a phone");
  await keepScreenshot(page, "18-audit-phone");
});
