import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createSite } from "../support/api.ts";
import { expect, test, viewports } from "../support/fixtures.ts";
import { repoRoot } from "../support/paths.ts";

// What a tablet's Chromium downloads for the sheet on a cold cache, its service worker's install
// included, against the list the build gives that worker and the kiosk's budget (which its build
// checks too, with size-limit), and that a second load takes nothing of the app from the network;
// and what a visitor's phone downloads for the door's page, against the door's own budget.

const dist = path.join(repoRoot, "apps", "kiosk", "dist");
/** The kiosk's page: the server answers /sheet/… with its build's index.html. */
const kioskPage = "/sheet/";
/** The kiosk's weight on a tablet's first visit, gzipped, its service worker's download included. */
const budget = 150 * 1024;
/** The app's own files: the kiosk's page, its chunks, the worker, icons and manifest (not the API). */
const appFile = /^\/(static\/.+|sw\.js|manifest\.webmanifest|icon[^/]*|apple-touch-icon\.png)$/;
/** A file of the list as it is in the build. */
const built = (file: string) => path.join(dist, file === kioskPage ? "index.html" : file);

/** The files sw.js precaches, as the build wrote them into it. */
function precacheList(): string[] {
  const list = readFileSync(path.join(dist, "sw.js"), "utf8").match(
    /\[("\/[^"\]]+"(?:,"\/[^"\]]+")*)\]/,
  );
  if (!list) throw new Error("sw.js has no precache list");
  return [...list[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
}

test("a tablet's first visit downloads only the kiosk's files, no staff page, chart, Mantine or tRPC client, within 150 KB gzipped; the second downloads none", async ({
  page,
  tabletSite,
  baseURL,
}) => {
  const { location } = await tabletSite("Weighed Hall", ["Pantry"]);
  const precache = precacheList();
  expect(precache).toContain(kioskPage);
  expect(precache.filter((file) => /\/(StaffShell|VisitsChart|trpc|session)-/.test(file))).toEqual(
    [],
  );
  // The kiosk is its own app, without the staff pages' component library.
  expect(
    precache.filter(
      (file) => /\.(js|css)$/.test(file) && readFileSync(built(file), "utf8").includes("mantine"),
    ),
  ).toEqual([]);

  // Every response of the context: the page's and the service worker's own (its install).
  const downloads: Array<{ path: string; fromWorker: boolean; bytes: number }> = [];
  const pending: Promise<void>[] = [];
  /** Responses whose size could not be read: each would be missing from the sum, so none may be. */
  const unread: string[] = [];
  page.context().on("response", (response) => {
    const url = new URL(response.url());
    // The app's files only: the API's answers and the live stream (which never ends) are not the
    // app. The sheet's own address is answered with the kiosk's page, and so is the worker's copy.
    const isPage = response.request().resourceType() === "document" || url.pathname === kioskPage;
    if (
      url.origin !== new URL(baseURL!).origin ||
      response.status() !== 200 ||
      !(isPage || appFile.test(url.pathname))
    )
      return;
    pending.push(
      response
        .request()
        .sizes()
        .then(
          (sizes) =>
            void downloads.push({
              path: isPage ? kioskPage : url.pathname,
              fromWorker: response.fromServiceWorker(),
              bytes: sizes.responseBodySize,
            }),
          (error: Error) => void unread.push(`${url.pathname}: ${error.message}`),
        ),
    );
  });
  await page.goto(`/sheet/${location.id}`);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await Promise.all(pending);
  expect(unread).toEqual([]);

  const app = downloads.filter((d) => !d.fromWorker);
  const files = [...new Set(app.map((d) => d.path))];
  // Only what the worker keeps for the kiosk (and the worker itself); nothing of the staff pages.
  expect(files.filter((file) => file !== "/sw.js" && !precache.includes(file))).toEqual([]);
  // …and all of it: the worker's install downloads what the sheet itself did not load (the sign-in form).
  expect(precache.filter((file) => file.startsWith("/static/") && !files.includes(file))).toEqual(
    [],
  );
  const gzipped = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(built(file)), { level: 9 }).length,
    0,
  );
  const wire = app.reduce((sum, d) => sum + d.bytes, 0);
  test.info().annotations.push({
    type: "first visit",
    description: `${files.length} files, ${(gzipped / 1024).toFixed(1)} KB gzipped, ${(wire / 1024).toFixed(1)} KB on the wire, brotli (${app.length} responses)`,
  });
  // The budget, on what Chromium downloaded: each file once, as gzip -9 (the bench's measure).
  expect(gzipped).toBeLessThanOrEqual(budget);
  expect(wire).toBeLessThanOrEqual(budget);

  // The second load: the app from the worker's cache, none of it from the network.
  downloads.length = 0;
  await page.reload();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByLabel("Phone Number")).toBeVisible();
  await Promise.all(pending);
  expect(unread).toEqual([]);
  expect(downloads.filter((d) => !d.fromWorker && d.path !== "/sw.js").map((d) => d.path)).toEqual(
    [],
  );
});

/** The door's budget: a visitor's phone, on its own network, opening a poster's link. */
const doorBudget = 100 * 1024;

test("a visitor's phone opening a poster's link (/d/<code>) downloads the door's page only: no sheet, queue or service worker, within 100 KB gzipped", async ({
  adminApi,
  browser,
  baseURL,
}) => {
  const site = await createSite(adminApi, "Weighed Door", ["Pantry"]);
  await adminApi.expect(200, "PATCH", `/api/locations/${site.location.id}`, { SelfSignIn: true });
  const { url } = (await adminApi.expect(
    201,
    "POST",
    `/api/locations/${site.location.id}/door-code`,
  )) as { url: string };
  const phone = await browser.newContext({ viewport: viewports.phone, isMobile: true });
  const page = await phone.newPage();
  const downloads: Array<{ path: string; bytes: number }> = [];
  const pending: Promise<void>[] = [];
  const unread: string[] = [];
  phone.on("response", (response) => {
    const address = new URL(response.url());
    if (address.origin !== new URL(baseURL!).origin || address.pathname.startsWith("/api/")) return;
    pending.push(
      response
        .request()
        .sizes()
        .then(
          (sizes) => void downloads.push({ path: address.pathname, bytes: sizes.responseBodySize }),
          (error: Error) => void unread.push(`${address.pathname}: ${error.message}`),
        ),
    );
  });
  await page.goto(new URL(url).pathname);
  await expect(page.getByLabel("Phone Number")).toBeVisible();
  await Promise.all(pending);
  expect(unread).toEqual([]);

  // The door's own page and what it loads: never the tablet's page, entry or service worker.
  const doorPage = new URL(url).pathname;
  const files = [...new Set(downloads.map((d) => (d.path === doorPage ? "/door.html" : d.path)))];
  expect(files).toContain("/door.html");
  expect(files.filter((file) => /^\/(sw\.js|static\/js\/kiosk-)/.test(file))).toEqual([]);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations())).toEqual([]);
  const gzipped = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(built(file)), { level: 9 }).length,
    0,
  );
  const wire = downloads.reduce((sum, d) => sum + d.bytes, 0);
  test.info().annotations.push({
    type: "door's first visit",
    description: `${files.length} files (${files.join(", ")}), ${(gzipped / 1024).toFixed(1)} KB gzipped, ${(wire / 1024).toFixed(1)} KB on the wire`,
  });
  expect(gzipped).toBeLessThanOrEqual(doorBudget);
  expect(wire).toBeLessThanOrEqual(doorBudget);
  await phone.close();
});
