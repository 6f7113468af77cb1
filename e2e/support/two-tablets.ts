import type { Page, Request } from "@playwright/test";
import { createSite, type Api } from "./api.ts";
import { expect, type Tablet } from "./fixtures.ts";

/** The page's live stream is open (the server answered the location's events request). */
function streamOpen(page: Page, locationId: number) {
  return page.waitForResponse(
    (response) =>
      response.url().includes(`/api/locations/${locationId}/events`) && response.status() === 200,
  );
}

/** A sheet's list of visits (GET /api/visits). */
const isSheetList = (url: URL) => url.pathname === "/api/visits";

/**
 * The sheet list fetches (GET /api/visits) a page sends from now on. None while a change shows on
 * it: the change came through the live stream, not the 15 s refresh (or a reload).
 */
export function listFetches(page: Page) {
  const sent: string[] = [];
  const listen = (request: Request) => {
    if (request.method() === "GET" && isSheetList(new URL(request.url()))) sent.push(request.url());
  };
  page.on("request", listen);
  return {
    sent: () => [...sent],
    stop: () => void page.off("request", listen),
  };
}

/** The page's next answered fetch of a program's sheet list. */
export function listAnswered(page: Page, programId: number) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return isSheetList(url) && url.searchParams.get("programId") === String(programId);
  });
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/**
 * Two tablets at one door: a new location and two browsers set up as its tablets, both on its
 * empty sheet with their streams open. The second page is marked, so `secondNeverReloaded` tells
 * whether anything reloaded it.
 */
export async function twoTablets(
  fixtures: { adminApi: Api; setUpTablet: (locationId: number) => Promise<Tablet> },
  label: string,
  programNames: string[],
) {
  const site = await createSite(fixtures.adminApi, label, programNames);
  const { id } = site.location;
  const first = (await fixtures.setUpTablet(id)).page;
  const second = (await fixtures.setUpTablet(id)).page;
  const opened = [streamOpen(first, id), streamOpen(second, id)];
  await first.goto(`/sheet/${id}`);
  await second.goto(`/sheet/${id}`);
  await Promise.all(opened);
  for (const tablet of [first, second])
    await expect(tablet.getByText("Nobody is signed in right now.")).toBeVisible();
  await second.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  return { ...site, first, second, secondNeverReloaded: () => notReloaded(second) };
}
