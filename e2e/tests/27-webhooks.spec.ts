import { startReceiver } from "@vsi/test-utils/webhook-receiver";
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

test("webhooks: an admin adds an endpoint, sends a test event and sees it, then a sign-in, in its deliveries", async ({
  page,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const receiver = await startReceiver();
  try {
    const { location, programs } = await createSite(adminApi, "Webhook Hall", ["Pantry"]);
    const admin = await newUser({ isAdmin: true });
    await page.setViewportSize(viewports.tabletLandscape);
    await logInContext(page.context(), admin);

    await page.goto("/dashboard");
    await openAdminPage(page, "Webhooks");
    await expect(page).toHaveURL("/admin/webhooks");

    // Added for this journey's location only: other journeys' sign-ins are not its business.
    await page.getByLabel("URL").fill(receiver.url);
    await page.getByRole("combobox", { name: "Locations" }).click();
    // The listbox's: "Whose webhook" names the location too.
    await page
      .getByRole("listbox", { name: "Locations" })
      .getByRole("option", { name: location.Name })
      .click();
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add webhook" }).click();

    const created = page.getByRole("status").filter({ hasText: "added" });
    await expect(created).toContainText(/whsec_[A-Za-z0-9+/=]{44}/);
    await expect(created.getByRole("button", { name: "Copy secret" })).toBeVisible();
    await keepScreenshot(page, "webhooks-secret");
    await created.getByRole("button", { name: "Done" }).click();
    await expect(created).toBeHidden();

    const row = page.getByRole("row").filter({ hasText: receiver.url });
    await expect(row).toContainText("Active");
    await expect(row).toContainText(location.Name);
    await row.getByRole("button", { name: "Send test" }).click();

    const deliveries = page.getByRole("region", { name: "Deliveries" });
    const testRow = deliveries.getByRole("row").filter({ hasText: "Test" });
    await expect(testRow).toContainText("200", { timeout: 20_000 });
    await expect(testRow).toContainText("ok");
    const [request] = receiver.received;
    expect(JSON.parse(request!.body)).toMatchObject({ type: "webhook.test" });
    expect(request!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);

    // A tablet's sign-in at the location reaches the receiver by itself, and the deliveries say so.
    const tablet = await setUpTablet(location.id);
    await tablet.api.expect(201, "POST", "/api/visits", {
      FirstName: "Rosa",
      LastName: "Parks",
      PhoneNumber: "4155550182",
      Temperature: "98.2",
      LocationId: location.id,
      ProgramId: programs[0]!.id,
    });
    await expect(deliveries.getByRole("row").filter({ hasText: "Signed in" })).toContainText(
      "200",
      { timeout: 20_000 },
    );
    const signedIn = receiver.received.map(
      (r) => JSON.parse(r.body) as { type: string; data: object },
    );
    expect(signedIn.find((event) => event.type === "visit.signed_in")?.data).toMatchObject({
      firstName: "Rosa",
      lastInitial: "P",
    });
    await expectAccessible(page, "webhooks");
    await keepScreenshot(page, "webhooks-1024x768");

    await page.setViewportSize(viewports.phone);
    await expectNoHorizontalOverflow(page, "webhooks");
    await keepScreenshot(page, "webhooks-390x844");
  } finally {
    await receiver.close();
  }
});
