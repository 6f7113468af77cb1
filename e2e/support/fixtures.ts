import { mkdirSync } from "node:fs";
import path from "node:path";
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import {
  Api,
  createSite,
  createUser,
  setKioskTimings,
  setUpTabletContext,
  type KioskTimings,
  type Person,
  type Site,
} from "./api.ts";
import { artifactsDir } from "./paths.ts";
import { runState } from "./state.ts";

export { expect };

/** A browser of its own set up as a location's tablet: its cookies hold the tablet's token. */
export interface Tablet {
  context: BrowserContext;
  page: Page;
  /** The API as this tablet calls it. */
  api: Api;
}

export interface Fixtures {
  /** The CLI-created admin's API session (a request context of its own). */
  adminApi: Api;
  /** Makes a new staff user (or admin) through an invite. */
  newUser: (options?: { isAdmin?: boolean; firstName?: string }) => Promise<Person>;
  /**
   * Sets up a new browser as a location's tablet, as staff do (through the API); by one staff user
   * made for the test unless another is given. Its pages' uncaught errors fail the test too, and
   * it is closed after the test.
   */
  setUpTablet: (
    locationId: number,
    options?: BrowserContextOptions & { staff?: Person },
  ) => Promise<Tablet>;
  /**
   * A new site (`createSite`) with the test's page set up as its tablet by a staff user made for it
   * (returned as `staff`); the location's kiosk timings set first when given.
   */
  tabletSite: (
    label: string,
    programNames: string[],
    timings?: KioskTimings,
  ) => Promise<Site & { staff: Person }>;
}

/** Collects the uncaught errors of the context's pages: the person would see a broken screen. */
function watchPageErrors(context: BrowserContext, errors: string[]): void {
  const watch = (page: Page) =>
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  context.pages().forEach(watch);
  context.on("page", watch);
}

/**
 * The journeys' test: the base URL of the server the global setup started, an admin API client,
 * tablets, and a guard that fails a test when a page throws an uncaught error.
 */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(runState().baseUrl);
  },
  context: async ({ context }, use) => {
    const errors: string[] = [];
    watchPageErrors(context, errors);
    await use(context);
    expect(errors, "uncaught errors in the page").toEqual([]);
  },
  // eslint-disable-next-line no-empty-pattern
  adminApi: async ({}, use) => {
    const { baseUrl, admin } = runState();
    const api = await Api.create(baseUrl);
    await api.login(admin.email, admin.password);
    await use(api);
    await api.dispose();
  },
  newUser: async ({ adminApi }, use) => {
    await use((options) => createUser(adminApi, runState().baseUrl, options));
  },
  setUpTablet: async ({ browser, newUser }, use) => {
    const contexts: BrowserContext[] = [];
    const errors: string[] = [];
    let testStaff: Promise<Person> | undefined;
    await use(async (locationId, { staff, ...options } = {}) => {
      const context = await browser.newContext(options);
      contexts.push(context);
      watchPageErrors(context, errors);
      await setUpTabletContext(context, staff ?? (await (testStaff ??= newUser())), locationId);
      return { context, page: await context.newPage(), api: Api.of(context) };
    });
    for (const context of contexts) await context.close();
    expect(errors, "uncaught errors in a tablet's page").toEqual([]);
  },
  tabletSite: async ({ page, adminApi, newUser }, use) => {
    await use(async (label, programNames, timings) => {
      const site = await createSite(adminApi, label, programNames);
      if (timings) await setKioskTimings(adminApi, site.location.id, timings);
      const staff = await newUser();
      await setUpTabletContext(page.context(), staff, site.location.id);
      return { ...site, staff };
    });
  },
});

const keepingScreenshots = process.env.E2E_SCREENSHOTS === "1";

export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  tabletLandscape: { width: 1024, height: 768 },
} as const;

/** A tablet upright and sideways, each with the name its screenshots carry. */
export const tabletSizes = [
  ["768x1024", viewports.tablet],
  ["1024x768", viewports.tabletLandscape],
] as const;

/**
 * A full-page screenshot kept under e2e/artifacts/ and attached to the test's report, when the run
 * is asked for pictures (E2E_SCREENSHOTS=1): they are for a person to look at, and drawing and
 * encoding two hundred of them cost the run more CPU than its accessibility checks. `fullPage:
 * false` keeps what the window shows, sticky bars where a person sees them.
 */
export async function keepScreenshot(
  page: Page,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  if (!keepingScreenshots) return;
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await test.info().attach(name, { path: file, contentType: "image/png" });
}

/**
 * Nothing on the page cut off inside its own box: no element that clips what overflows it (a
 * button's label, a badge's ellipsis, a card) is narrower than what it holds. The page's own width
 * check cannot see a row whose buttons spill out of a card and are clipped there. Boxes that
 * scroll (a wide table's), form fields (a long value scrolls inside) and text hidden for screen
 * readers (one pixel wide on purpose) are not cut off.
 */
export async function expectNothingClipped(page: Page, label: string): Promise<void> {
  const clipped = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => {
        if (element.getClientRects().length === 0 || element.clientWidth <= 1) return false;
        if (element.matches("input, textarea, select")) return false;
        const style = getComputedStyle(element);
        const clips = ["hidden", "clip"].includes(style.overflowX);
        const ellipsis = style.textOverflow === "ellipsis";
        return (clips || ellipsis) && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()} "${element.innerText.slice(0, 40)}"`),
  );
  expect(clipped, `${label}: cut off`).toEqual([]);
}

/** No horizontal scrolling: the page is no wider than the window. */
export async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(
    scrollWidth,
    `${label}: page is ${scrollWidth}px wide in a ${clientWidth}px window`,
  ).toBeLessThanOrEqual(clientWidth);
}
