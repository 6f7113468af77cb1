import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { Api, createUser, type Person } from "./api.ts";
import { artifactsDir } from "./paths.ts";
import { runState } from "./state.ts";

export { expect };

interface Fixtures {
  /** The CLI-created admin's API session (a request context of its own). */
  adminApi: Api;
  /** Makes a new staff user (or admin) through an invite. */
  newUser: (options?: { isAdmin?: boolean; firstName?: string }) => Promise<Person>;
}

/**
 * The journeys' test: the base URL of the server the global setup started, an admin API client,
 * and a guard that fails a test when a page throws an uncaught error.
 */
export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(runState().baseUrl);
  },
  // Uncaught errors in any page of the test fail it: the person would see a broken screen.
  context: async ({ context }, use) => {
    const errors: string[] = [];
    const watch = (page: Page) =>
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    context.pages().forEach(watch);
    context.on("page", watch);
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
});

export const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  tabletLandscape: { width: 1024, height: 768 },
} as const;

/** A full-page screenshot kept under e2e/artifacts/ and attached to the test's report. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: "image/png" });
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
