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
 * The browser's clock orders them, not the order the events reach the test: on a loaded machine a
 * stream's answer can be reported after the requests it set off.
 */
function live(page: Page, locationId: number, programIds: number[]) {
  const streamPath = `/api/locations/${locationId}/events`;
  let answeredAt: number | undefined;
  const lists: { programId: string; sentAt: number }[] = [];
  return new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      page.off("response", onResponse);
    };
    const refreshed = () =>
      answeredAt !== undefined &&
      programIds.every((id) =>
        lists.some((list) => list.programId === String(id) && list.sentAt >= answeredAt!),
      );
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      const timing = response.request().timing();
      if (url.pathname === streamPath && response.status() === 200)
        // Without the browser's time for the answer's headers, the time it reached the test (later).
        answeredAt =
          timing.responseStart >= 0 ? timing.startTime + timing.responseStart : Date.now();
      else if (isSheetList(url))
        lists.push({
          programId: url.searchParams.get("programId") ?? "",
          sentAt: timing.startTime,
        });
      if (!refreshed()) return;
      done();
      resolve();
    };
    const timer = setTimeout(() => {
      done();
      reject(
        new Error(
          `the stream of location ${locationId} did not go live within 30 s: ${
            answeredAt === undefined ? "not answered" : "answered, its lists not fetched again"
          }`,
        ),
      );
    }, 30_000);
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
