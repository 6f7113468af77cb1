import { Api, createSite, logInContext, freshConnection } from "../support/api.ts";
import { expect, test } from "../support/fixtures.ts";
import { runState } from "../support/state.ts";

test("permissions: staff can't reach admin screens or calls; a logged-out visit goes through /login and back", async ({
  page,
  browser,
  baseURL,
  adminApi,
  newUser,
}) => {
  const { location, programs } = await createSite(adminApi, "Guarded Hall", ["Pantry"]);
  const staff = await newUser();
  await logInContext(page.context(), staff);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Reports" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Admin" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);

  for (const path of [
    "/admin",
    "/admin/users",
    "/admin/users/invite",
    "/dashboard/locations/new",
    `/dashboard/locations/${location.id}/edit`,
    "/dashboard/programs/new",
  ]) {
    await page.goto(path);
    await expect(page, `${path} as staff`).toHaveURL("/login");
  }

  await page.goto("/dashboard/locations");
  const row = page.getByRole("row").filter({ hasText: location.Name });
  await expect(row.getByRole("button", { name: "Set Up Tablet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add New Location" })).toHaveCount(0);
  await page.goto("/dashboard/programs");
  await expect(page.getByRole("cell", { name: programs[0]!.Name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Add New Program" })).toHaveCount(0);

  // The server refuses them too, with the session and a valid X-XSRF-TOKEN.
  const api = Api.of(page.context());
  const refused = [
    await api.post("/api/locations", { Name: "Not allowed", Address: "-", ProgramIds: [] }),
    await api.patch(`/api/locations/${location.id}`, { Name: "Renamed" }),
    await api.delete(`/api/locations/${location.id}`),
    await api.post("/api/programs", { Name: "Not allowed", LocationIds: [] }),
    await api.get("/api/users"),
    await api.get("/api/invites"),
    await api.post("/api/invites", {
      firstName: "No",
      lastName: "Way",
      email: "no-way@example.org",
      message: "",
    }),
    await api.get(`/api/users/${(await adminApi.get("/api/users/me")).json.id}`),
  ];
  expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(403));
  expect((await adminApi.get(`/api/locations/${location.id}`)).json.Name).toBe(location.Name);
  // Promoting oneself is ignored.
  const self = await api.patch(`/api/users/${staff.id}`, {
    firstName: staff.firstName,
    lastName: staff.lastName,
    email: staff.email,
    isAdmin: true,
  });
  expect(self.status).toBe(200);
  expect(self.json.isAdmin).toBe(false);

  // Nobody logged in: /dashboard goes to /login, and logging in comes back.
  const visitor = await browser.newContext({ baseURL });
  try {
    const anon = await visitor.newPage();
    await anon.goto("/dashboard/reports");
    await expect(anon).toHaveURL("/login");
    await anon.goto("/dashboard");
    await expect(anon).toHaveURL("/login");
    await expect(anon.getByRole("link", { name: "Log in" })).toBeVisible();
    await anon.getByLabel("Email").fill(runState().admin.email);
    await anon.getByLabel("Password").fill("not the password");
    await anon.getByRole("button", { name: "Submit" }).click();
    await expect(anon.getByRole("alert")).toHaveText("Invalid email and/or password.");
    await anon.getByLabel("Email").fill(staff.email);
    await anon.getByLabel("Password").fill(staff.password);
    await anon.getByRole("button", { name: "Submit" }).click();
    await expect(anon).toHaveURL("/dashboard");
    await expect(anon.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    // Log out: the session ends, the header forgets the user, and the browser goes home.
    await anon.getByRole("link", { name: "Log out" }).click();
    await expect(anon).toHaveURL("/");
    await expect(anon.getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(anon.getByText(/^Hello,/)).toHaveCount(0);
    await expect(anon.getByRole("link", { name: "My Account" })).toHaveCount(0);
    expect((await anon.request.get("/api/users/me", { headers: freshConnection })).status()).toBe(
      204,
    );
  } finally {
    await visitor.close();
  }
});
