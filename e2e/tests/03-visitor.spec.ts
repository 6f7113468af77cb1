import { expectAccessible } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { typePhone } from "../support/sign-in-form.ts";

test("visitor signs in and out on the sheet", async ({ page, tabletSite }) => {
  const { location, programs } = await tabletSite("Visitor Hall", ["Pantry", "Tutoring"]);
  const [pantry, tutoring] = programs as [(typeof programs)[0], (typeof programs)[0]];

  // Every visit the browser tries to create.
  const creates: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/visits")
      creates.push(request.url());
  });

  await page.goto(`/sheet/${location.id}`);
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${pantry.id}`);
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`/sheet/${location.id}/sign-in?programId=${pantry.id}`);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  const phone = page.getByLabel("Phone Number");
  await expect(phone).toBeFocused();
  await expect(page.getByRole("radio", { name: pantry.Name })).toBeChecked();

  // An incomplete form: the markers, and nothing sent.
  await phone.pressSequentially("415555");
  await expect(phone).toHaveValue("415-555");
  await page.getByRole("button", { name: "Submit" }).click();
  // Each field says what is wrong with it.
  await expect(phone).toHaveAccessibleDescription("Enter your 10-digit phone number");
  await expect(page.getByLabel("Temperature")).toHaveAccessibleDescription(
    "Enter your temperature as a number, like 98.6",
  );
  await expect(page.getByLabel("First Name")).toHaveAccessibleDescription("Enter your first name");
  await expect(page.getByLabel("Last Name")).toHaveAccessibleDescription("Enter your last name");
  await expect(page).toHaveURL(`/sheet/${location.id}/sign-in?programId=${pantry.id}`);
  await expectAccessible(page, "sign-in form with errors");
  expect(creates).toEqual([]);

  // Cancel goes back to the sheet; the form starts empty again.
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${pantry.id}`);
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(phone).toHaveValue("");

  // The whole number formats as it is typed; a returning-visitor lookup runs once it is complete.
  await typePhone(page, "4155551234");
  await expect(phone).toHaveValue("415-555-1234");
  // Enter moves on to the next field, as on a tablet's keyboard.
  await phone.press("Enter");
  await expect(page.getByLabel("Temperature")).toBeFocused();
  expect(creates).toEqual([]);
  await page.getByLabel("Temperature").fill("98.6");
  await page.getByLabel("First Name").fill("Grace");
  await page.getByLabel("Last Name").fill("Hopper");
  await expect(page.getByText(/^Enter your/)).toHaveCount(0);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${pantry.id}`);
  const pantryRow = page.getByRole("row").filter({ hasText: "Grace H." });
  await expect(pantryRow).toBeVisible();
  await expect(pantryRow.getByRole("cell")).toHaveText([
    "Grace H.",
    "xxx-xxx-1234",
    /^\d{1,2}:\d{2}\s?[AP]M$/,
    "Sign Out",
  ]);
  await expect(page.getByText("Hopper")).toHaveCount(0);
  await expect(page.getByText("415-555-1234")).toHaveCount(0);
  expect(creates).toHaveLength(1);
  await expectAccessible(page, "sheet with a visitor");

  // A second visit with the same phone: asked "is this you?", the names are filled in on yes, and
  // the visitor picks another program.
  await page.getByRole("link", { name: "Sign in" }).click();
  await typePhone(page, "4155551234");
  await expect(page.getByLabel("First Name")).toHaveValue("");
  await page
    .getByRole("group", { name: "Grace H. — is this you?" })
    .getByRole("button", { name: "Yes, it's me" })
    .click();
  await expect(page.getByLabel("First Name")).toHaveValue("Grace");
  await expect(page.getByLabel("Last Name")).toHaveValue("Hopper");
  await page.getByLabel("Temperature").fill("97.9");
  await page.getByRole("radio", { name: tutoring.Name }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(`/sheet/${location.id}?programId=${tutoring.id}`);
  await expect(page.getByRole("tab", { name: tutoring.Name })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const tutoringRow = page.getByRole("row").filter({ hasText: "Grace H." });
  await expect(tutoringRow).toBeVisible();
  await expect(tutoringRow).not.toContainText("97.9");
  expect(creates).toHaveLength(2);

  // Sign Out asks first; Cancel keeps the visitor, Sign Out removes them.
  await tutoringRow.getByRole("button", { name: "Sign Out" }).click();
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toBeVisible();
  await expect(
    dialog.getByText("Are you sure you wish to sign out Grace H.?", { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, "sign-out modal");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(tutoringRow).toBeVisible();

  await tutoringRow.getByRole("button", { name: "Sign Out" }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sign Out" }).click();
  await expect(dialog).toBeHidden();
  await expect(tutoringRow).toHaveCount(0);
  await expect(page.getByText("Nobody is signed in right now.")).toBeVisible();

  // The first visit is still open on the Pantry tab, also after a reload.
  await page.getByRole("tab", { name: pantry.Name }).click();
  await expect(page.getByRole("row").filter({ hasText: "Grace H." })).toHaveCount(1);
  await expect(page.getByText("1 signed in")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Grace H." })).toHaveCount(1);
  await expect(page.getByText("1 signed in")).toBeVisible();
});
