import type { Page } from "@playwright/test";
import { lingeringConfirmation, type Api } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { signOutRow } from "../support/sheet.ts";
import { fillSignIn, signInOnSheet } from "../support/sign-in-form.ts";

// The tablet with no network: the sheet still opens (service worker), sign-ins and sign-outs are
// kept on the tablet (IndexedDB), and they reach the server once each when the network is back.

/** The sheet, once the kiosk's service worker controls it (it then has the app cached). */
async function openSheetWithWorker(page: Page, locationId: number) {
  await page.goto(`/sheet/${locationId}`);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The location's visits as staff see them in the report. */
async function serverVisits(admin: Api, locationId: number) {
  const reply = await admin.expect(200, "GET", `/api/visits?locationId=${locationId}`);
  return reply as Array<{
    id: number;
    FirstName: string;
    LastName: string;
    TimeIn: string;
    TimeOut: string | null;
    createdAt: string;
  }>;
}

test("offline: three sign-ins and a sign-out are kept on the tablet, survive a reload, and reach the server once each", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location } = await tabletSite("Offline Hall", ["Pantry"], lingeringConfirmation);
  await openSheetWithWorker(page, location.id);
  await expect(page.getByText("0 signed in")).toBeVisible();

  await page.context().setOffline(true);
  const visitors = [
    { phone: "4155550141", temperature: "98.4", first: "Alma", last: "Reyes" },
    { phone: "4155550142", temperature: "98.4", first: "Bruno", last: "Diaz" },
    { phone: "4155550143", temperature: "98.4", first: "Cora", last: "Nguyen" },
  ];
  for (const visitor of visitors) {
    const saved = await signInOnSheet(page, visitor, { online: false });
    await expect(saved.getByRole("status")).toHaveText(
      "Saved — it will be sent when the connection is back.",
    );
    await saved.getByRole("button", { name: "Done" }).click();
    await expect(saved).toBeHidden();
  }
  const banner = page.getByRole("status").filter({ hasText: "Offline." });
  await expect(banner).toContainText("3 entries waiting to be sent.");
  await expect(page.getByText("3 signed in")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Alma R." })).toContainText(
    "Waiting to send",
  );
  await expectAccessible(page, "offline sheet with queued sign-ins");

  // Bruno leaves before his sign-in ever reached the server: his sign-out waits behind it.
  await signOutRow(page, "Bruno D.");
  const goodbye = page.getByRole("dialog", { name: "Goodbye, Bruno." });
  await expect(goodbye.getByRole("status")).toHaveText(
    "Saved — it will be sent when the connection is back.",
  );
  await goodbye.getByRole("button", { name: "Done" }).click();
  await expect(banner).toContainText("4 entries waiting to be sent.");
  await expect(page.getByRole("row").filter({ hasText: "Bruno D." })).toHaveCount(0);

  // Reloaded with no network: the service worker has the app, the tablet has the list and the queue.
  await page.reload();
  await expect(page.getByRole("heading", { name: location.Name })).toBeVisible();
  await expect(banner).toContainText("4 entries waiting to be sent.");
  await expect(page.getByText("2 signed in")).toBeVisible();
  for (const name of ["Alma R.", "Cora N."])
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Waiting to send");
  await expect(page.getByRole("row").filter({ hasText: "Bruno D." })).toHaveCount(0);
  // The sign-in form opens offline too.
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByLabel("Phone Number")).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  expect(await serverVisits(adminApi, location.id)).toEqual([]);

  await page.context().setOffline(false);
  await expect(banner).toBeHidden();
  await expect(page.getByText("Waiting to send")).toHaveCount(0);
  await expect(page.getByText("2 signed in")).toBeVisible();
  await expect.poll(async () => (await serverVisits(adminApi, location.id)).length).toBe(3);

  // A reload online sends nothing again: still exactly those three visits, once each.
  await page.reload();
  await expect(page.getByText("2 signed in")).toBeVisible();
  const visits = await serverVisits(adminApi, location.id);
  expect(
    visits
      .map(
        (visit) => `${visit.FirstName} ${visit.LastName} ${visit.TimeOut === null ? "in" : "out"}`,
      )
      .sort(),
  ).toEqual(["Alma Reyes in", "Bruno Diaz out", "Cora Nguyen in"]);
});

// The browsers run in a zone where it is about noon (playwright.config.ts), so "two hours ago" is
// still today on the sheet (which lists today's visits) whenever the test runs.
test("a sign-in kept offline keeps the time the visitor signed in, not the time it reached the server", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location } = await tabletSite("Late Hall", ["Pantry"], lingeringConfirmation);
  // The visitor comes two hours before the network does: the tablet's clock starts two hours back.
  const visitorCame = new Date(Date.now() - 2 * 3600_000);
  await page.clock.install({ time: visitorCame });
  await openSheetWithWorker(page, location.id);

  await page.context().setOffline(true);
  const saved = await signInOnSheet(
    page,
    { phone: "4155550145", temperature: "98.4", first: "Elsa", last: "Late" },
    { online: false },
  );
  await expect(saved.getByRole("status")).toHaveText(
    "Saved — it will be sent when the connection is back.",
  );
  await saved.getByRole("button", { name: "Done" }).click();

  await page.clock.setSystemTime(new Date());
  await page.context().setOffline(false);
  await expect(page.getByText("Waiting to send")).toHaveCount(0);
  await expect.poll(async () => (await serverVisits(adminApi, location.id)).length).toBe(1);
  const [visit] = await serverVisits(adminApi, location.id);
  const timeIn = new Date(visit!.TimeIn).getTime();
  expect(timeIn).toBeGreaterThanOrEqual(visitorCame.getTime());
  expect(timeIn).toBeLessThan(new Date(visit!.createdAt).getTime() - 3600_000);
  // The sheet shows the time the visitor signed in.
  const shown = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" }).format(
        new Date(iso),
      ),
    visit!.TimeIn,
  );
  await expect(page.getByRole("row").filter({ hasText: "Elsa L." })).toContainText(shown);
});

test("a second load of the sheet takes no JavaScript from the network: the service worker serves it", async ({
  page,
  tabletSite,
}) => {
  const { location } = await tabletSite("Cached Hall", ["Pantry"]);
  await openSheetWithWorker(page, location.id);

  const fromNetwork: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith(".js") && !response.fromServiceWorker())
      fromNetwork.push(url.pathname);
  });
  await page.reload();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByLabel("Phone Number")).toBeVisible();
  expect(fromNetwork).toEqual([]);
});

test("a refusal while online is shown on the form, not kept for later", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite("Refusing Hall", ["Pantry"]);
  await page.goto(`/sheet/${location.id}`);
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByLabel("Phone Number")).toBeVisible();
  // The program goes while the visitor types: the server answers 422 on ProgramId.
  await adminApi.expect(200, "DELETE", `/api/programs/${programs[0]!.id}`);

  await fillSignIn(page, {
    phone: "4155550144",
    temperature: "98.4",
    first: "Dana",
    last: "Refused",
  });
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname === "/api/visits",
  );
  await page.getByRole("button", { name: "Submit" }).click();
  expect((await answer).status()).toBe(422);

  const alert = page.getByRole("alert").filter({ hasText: "The sign-in was not accepted." });
  await expect(alert).toContainText("Program is not offered at this location");
  await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("Dana");
  await expect(page.getByRole("dialog", { name: "Welcome, Dana!" })).toHaveCount(0);
  await expectAccessible(page, "sign-in refused");
  const kept = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("vsi-kiosk");
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const count = open.result.transaction("queue").objectStore("queue").count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(new Error(String(count.error)));
        };
      }),
  );
  expect(kept).toBe(0);
  expect(await serverVisits(adminApi, location.id)).toEqual([]);
});
