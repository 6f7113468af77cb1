import type { Page, Request, Response } from "@playwright/test";
import { createSite, type Api } from "./api.ts";
import { expect, type Tablet } from "./fixtures.ts";

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

/**
 * The page's stream for the location is live: the server answered it, and the refresh its `ready`
 * event makes (each program's list fetched again) has been answered. From then on the page's lists
 * change only through the stream, a reload, or its own sign-in while the stream is down.
 */
function live(page: Page, locationId: number, programIds: number[]) {
  const streamPath = `/api/locations/${locationId}/events`;
  let streamAnswered = false;
  const afterStream = new Set<Request>();
  const refreshed = new Set<string>();
  return new Promise<void>((resolve) => {
    const onRequest = (request: Request) => {
      if (streamAnswered && isSheetList(new URL(request.url()))) afterStream.add(request);
    };
    const onResponse = (response: Response) => {
      if (new URL(response.url()).pathname === streamPath && response.status() === 200)
        streamAnswered = true;
      if (!afterStream.has(response.request())) return;
      refreshed.add(new URL(response.url()).searchParams.get("programId") ?? "");
      if (programIds.every((id) => refreshed.has(String(id)))) {
        page.off("request", onRequest);
        page.off("response", onResponse);
        resolve();
      }
    };
    page.on("request", onRequest);
    page.on("response", onResponse);
  });
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/**
 * Two tablets at one door: a new location and two browsers set up as its tablets, both on its
 * empty sheet with their streams live. The second page is marked, so `secondNeverReloaded` tells
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
  const programIds = site.programs.map((program) => program.id);
  const bothLive = [live(first, id, programIds), live(second, id, programIds)];
  await first.goto(`/sheet/${id}`);
  await second.goto(`/sheet/${id}`);
  await Promise.all(bothLive);
  for (const tablet of [first, second])
    await expect(tablet.getByText("Nobody is signed in right now.")).toBeVisible();
  await second.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  return { ...site, first, second, secondNeverReloaded: () => notReloaded(second) };
}
