import { logInContext, unique } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { linkFromMail } from "../support/mail.ts";
import { openAdminPage } from "../support/menu.ts";
import { runState } from "../support/state.ts";

test("invite: an admin invites, the invitee accepts from the email, used and revoked invites say so", async ({
  page,
  browser,
  baseURL,
  adminApi,
}) => {
  const { admin } = runState();
  const tag = unique();
  const invitee = {
    firstName: `Iris${tag}`,
    lastName: "Newcomer",
    email: `iris-${tag}@example.org`,
    password: `welcome-${tag}-9`,
  };
  await logInContext(page.context(), admin);

  await page.goto("/dashboard");
  await openAdminPage(page, "Users");
  await expect(page).toHaveURL("/admin/users");
  await page.getByRole("link", { name: "Invite a new User" }).click();
  await expect(page.getByRole("heading", { name: "Invite a new User" })).toBeVisible();
  await page.getByLabel("First Name").fill(invitee.firstName);
  await page.getByLabel("Last Name").fill(invitee.lastName);
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByLabel("Message").fill("Welcome to the sign-in team!");
  await expectAccessible(page, "invite form");
  await page.getByRole("button", { name: "Submit" }).click();

  // This server has no mail server: the invite says so, and hands over its link.
  const notice = page.getByRole("region", { name: "Invite saved, but not e-mailed" });
  await expect(notice).toBeVisible();
  await notice.getByRole("link", { name: "Back to Users" }).click();
  await expect(page).toHaveURL("/admin/users");
  const invites = page.getByRole("region", { name: "Invites" });
  await expect(invites.getByRole("columnheader", { name: "Invited on" })).toBeVisible();
  await expect(invites.getByRole("row").filter({ hasText: invitee.email })).toContainText(
    `${invitee.firstName} ${invitee.lastName}`,
  );
  await expectAccessible(page, "users");

  // The email's link (written to the data folder, and the one the page showed) opens the invite
  // in the invitee's own browser.
  const link = await linkFromMail(invitee.email, "/invites/");
  expect(link.startsWith(`${baseURL}/invites/`)).toBe(true);
  const theirs = await browser.newContext({ baseURL });
  const revokedContext = await browser.newContext({ baseURL });
  try {
    const their = await theirs.newPage();
    await their.goto(link);
    await expect(their.getByRole("heading", { name: "You're Invited" })).toBeVisible();
    await expect(their.getByText("Welcome to the sign-in team!")).toBeVisible();
    await expect(their.getByLabel("First Name")).toHaveValue(invitee.firstName);
    await expect(their.getByLabel("Last Name")).toHaveValue(invitee.lastName);
    await expect(their.getByLabel("Email")).toHaveValue(invitee.email);
    await expectAccessible(their, "invite page");
    await their.getByLabel("Password").fill(invitee.password);
    await their.getByRole("button", { name: "Submit" }).click();

    await expect(their).toHaveURL("/account");
    await expect(their.getByRole("heading", { name: "My Account" })).toBeVisible();
    await expect(their.getByText("Your account has been created!")).toBeVisible();
    await expect(their.getByText(`Hello, ${invitee.firstName}!`)).toBeVisible();
    await expect(their.getByLabel("Email")).toHaveValue(invitee.email);

    // The invite has left the pending list; its person is a user now.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Users" })
        .getByRole("row")
        .filter({ hasText: invitee.email }),
    ).toBeVisible();
    await expect(invites.getByRole("row").filter({ hasText: invitee.email })).toHaveCount(0);

    // Opening the accepted invite again.
    await their.goto(link);
    await expect(their.getByText("This invite has already been accepted.")).toBeVisible();
    await expect(their.getByLabel("Password")).toHaveCount(0);

    // A second invite, revoked by the admin before it is used.
    const revokee = {
      firstName: `Rex${tag}`,
      lastName: "Revoked",
      email: `rex-${tag}@example.org`,
    };
    await adminApi.expect(201, "POST", "/api/invites", { ...revokee, message: "" });
    await page.reload();
    const revokeeRow = invites.getByRole("row").filter({ hasText: revokee.email });
    await expect(revokeeRow).toBeVisible();
    let question = "";
    page.once("dialog", (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await revokeeRow.getByRole("button", { name: "Revoke" }).click();
    await expect(revokeeRow).toHaveCount(0);
    expect(question).toBe(
      `Are you sure you wish to revoke the invite to ${revokee.firstName} ${revokee.lastName} <${revokee.email}>?`,
    );

    const revokedLink = await linkFromMail(revokee.email, "/invites/");
    const revokedPage = await revokedContext.newPage();
    await revokedPage.goto(revokedLink);
    await expect(revokedPage.getByRole("heading", { name: "You're Invited" })).toBeVisible();
    await expect(revokedPage.getByText("This invite is no longer available.")).toBeVisible();
    await expect(revokedPage.getByLabel("Password")).toHaveCount(0);
  } finally {
    await theirs.close();
    await revokedContext.close();
  }
});
