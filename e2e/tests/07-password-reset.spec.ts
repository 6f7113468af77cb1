import { Api } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { linkFromMail } from "../support/mail.ts";

test("password reset: the emailed link sets a new password once", async ({
  page,
  baseURL,
  newUser,
}) => {
  const user = await newUser();
  const newPassword = "fresh-start-77";

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL("/passwords/forgot");
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to login..." })).toBeVisible();
  await expectAccessible(page, "forgot password");

  // An address nobody has.
  await page.getByLabel("Email").fill(`nobody-${user.id}@example.org`);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email not found.");

  // This server has no mail server: the page says so (and never shows the link); the message is
  // in the data folder, where whoever runs the server can find it.
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toContainText("Your reset link could not be e-mailed");
  await expect(page).toHaveURL("/passwords/forgot");

  const link = await linkFromMail(user.email, "/passwords/reset/");
  expect(link.startsWith(`${baseURL}/passwords/reset/`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expectAccessible(page, "reset password");

  // Too weak first, then a good one.
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Minimum eight characters, at least one letter and one number.",
  );
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByText("Your new password has been saved.")).toBeVisible();

  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText(`Hello, ${user.firstName}!`)).toBeVisible();

  // The old password no longer works.
  const script = await Api.create(baseURL!);
  expect(
    (await script.post("/api/auth/login", { email: user.email, password: user.password })).status,
  ).toBe(422);
  await script.dispose();

  // The used link has expired; a made-up one is invalid. Both offer another.
  await page.goto(link);
  await expect(page.getByRole("alert")).toContainText(
    "Sorry, this password reset link has expired.",
  );
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Request another?" })).toBeVisible();
  await page.goto("/passwords/reset/this-token-was-never-issued");
  await expect(page.getByRole("alert")).toContainText(
    "Sorry, this password reset link is invalid.",
  );
  await page.getByRole("link", { name: "Request another?" }).click();
  await expect(page).toHaveURL("/passwords/forgot");
});
