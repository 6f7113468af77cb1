import type { Browser, Page, Request } from "@playwright/test";
import { createSite, setUpTabletContext, type Api, type Person } from "./api.ts";
import { expect } from "./fixtures.ts";

/** The page's live stream is open (the server answered the location's events request). */
function streamOpen(page: Page, locationId: number) {
  return page.waitForResponse(
    (response) =>
      response.url().includes(`/api/locations/${locationId}/events`) && response.status() === 200,
  );
}

/**
 * The sheet list fetches (GET /api/visits) a page sends from now on. None while a change shows on
 * it: the change came through the live stream, not the 15 s refresh (or a reload).
 */
export function listFetches(page: Page) {
  const sent: string[] = [];
  const listen = (request: Request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === "/api/visits")
      sent.push(request.url());
  };
  page.on("request", listen);
  return {
    sent: () => [...sent],
    stop: () => void page.off("request", listen),
  };
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/**
 * Two tablets at one door: a new location, the test's page and a second browser's page set up as
 * its tablets, both on its empty sheet with their streams open. The second page is marked, so
 * `secondNeverReloaded` tells whether anything reloaded it. Call `close` in a finally.
 */
export async function twoTablets(
  fixtures: {
    page: Page;
    browser: Browser;
    baseURL: string | undefined;
    adminApi: Api;
    newUser: () => Promise<Person>;
  },
  label: string,
  programNames: string[],
) {
  const { page, browser, baseURL, adminApi, newUser } = fixtures;
  const site = await createSite(adminApi, label, programNames);
  const staff = await newUser();
  const other = await browser.newContext({ baseURL });
  try {
    const { id } = site.location;
    await setUpTabletContext(page.context(), staff, id);
    await setUpTabletContext(other, staff, id);
    const second = await other.newPage();
    const opened = [streamOpen(page, id), streamOpen(second, id)];
    await page.goto(`/sheet/${id}`);
    await second.goto(`/sheet/${id}`);
    await Promise.all(opened);
    for (const tablet of [page, second])
      await expect(tablet.getByText("Nobody is signed in right now.")).toBeVisible();
    await second.evaluate(
      () => ((window as unknown as { notReloaded: boolean }).notReloaded = true),
    );
    return {
      ...site,
      first: page,
      second,
      secondNeverReloaded: () => notReloaded(second),
      close: () => other.close(),
    };
  } catch (error) {
    await other.close();
    throw error;
  }
}
