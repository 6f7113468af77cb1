import { Api, createSite, logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";

test("locations per user: a network admin gives a site its admin, who gives their staff that site alone; each sees their own", async ({
  page,
  baseURL,
  adminApi,
  newUser,
}) => {
  const north = await createSite(adminApi, "North Pantry", ["Groceries"]);
  const south = await createSite(adminApi, "South Pantry", ["Produce"]);
  const siteAdmin = await newUser({ firstName: "Sita" });
  const staff = await newUser({ firstName: "Stan" });

  // The network admin makes Sita North's admin, and Stan North's staff, alone.
  await adminApi.expect(200, "PATCH", `/api/users/${siteAdmin.id}`, {
    access: [{ locationId: north.location.id, role: "admin" }],
  });
  await adminApi.expect(200, "PATCH", `/api/users/${staff.id}`, {
    access: [{ locationId: north.location.id, role: "staff" }],
  });

  // Sita sees her site's pages under Admin (users, its own questions and webhooks, the log), and her staff's North role alone.
  await logInContext(page.context(), siteAdmin);
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("button", { name: "Admin" })
    .click();
  await expect(page.getByRole("menuitem")).toHaveText([
    "Users",
    "Questions",
    "Webhooks",
    "Audit log",
  ]);
  await page.goto(`/admin/users/${staff.id}`);
  const roles = page.getByRole("group", { name: "Locations and roles" });
  await expect(roles.getByLabel(north.location.Name)).toHaveValue("staff");
  await expect(roles.getByLabel(south.location.Name)).toHaveCount(0);
  // Not his name or password: those are his and the network admin's.
  await expect(page.getByLabel("First name")).toHaveCount(0);
  await expectAccessible(page, "a site admin's view of a user");
  for (const [name, size] of [
    ["768x1024", viewports.tablet],
    ["390x844", viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    await expectNoHorizontalOverflow(page, `a user's locations at ${name}`);
    await keepScreenshot(page, `user-locations-${name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Removing North leaves Stan with no location: he sees no visit, not every one.
  await roles.getByLabel(north.location.Name).selectOption("none");
  await roles.getByRole("button", { name: "Submit" }).click();
  await expect(roles.getByText("Locations saved.")).toBeVisible();
  // No longer one of North's staff, he leaves Sita's list; the network admin sees him with none.
  await page.goto("/admin/users");
  const own = page.getByRole("row").filter({ hasText: siteAdmin.email });
  await expect(
    own.getByRole("cell", { name: `${north.location.Name} (site admin)` }),
  ).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: staff.email })).toHaveCount(0);
  expect((await adminApi.get(`/api/users/${staff.id}`)).json.access).toEqual([]);
  for (const [name, size] of [
    ["768x1024", viewports.tablet],
    ["390x844", viewports.phone],
  ] as const) {
    await page.setViewportSize(size);
    await keepScreenshot(page, `users-locations-${name}`);
  }

  const stan = await Api.create(baseURL!);
  try {
    await stan.login(staff.email, staff.password);
    expect((await stan.get("/api/locations")).json).toEqual([]);
    expect((await stan.get(`/api/locations/${south.location.id}`)).status).toBe(404);
    expect((await stan.get(`/api/visits?locationId=${north.location.id}`)).status).toBe(404);
  } finally {
    await stan.dispose();
  }
});
