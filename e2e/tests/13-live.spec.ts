import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures.ts";
import { artifactsDir } from "../support/paths.ts";
import { twoTablets } from "../support/two-tablets.ts";
import { confirmSignOut } from "../support/sheet.ts";

// Two tablets at one door in step through the live stream: what one does shows on the other at
// once, without its 15 s refresh. The delays are measured in the browsers' own clocks and recorded.

/** Resolves (in the page) with the time an element with this text appears, or disappears. */
function whenShown(page: Page, selector: string, text: string, present: boolean) {
  return page.evaluate(
    ([css, wanted, shown]) =>
      new Promise<number>((resolve) => {
        const matches = () =>
          [...document.querySelectorAll(css)].some((element) =>
            element.textContent?.includes(wanted),
          ) === shown;
        if (matches()) return resolve(Date.now());
        const observer = new MutationObserver(() => {
          if (!matches()) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, {
          childList: true,
          subtree: true,
          characterData: true,
          attributes: true,
        });
      }),
    [selector, text, present] as const,
  );
}

const whenRow = (page: Page, text: string, present: boolean) =>
  whenShown(page, "tr", text, present);

test("two tablets in step: a sign-in and a sign-out on one show on the other within a second, measured", async ({
  adminApi,
  setUpTablet,
}) => {
  const tablets = await twoTablets({ adminApi, setUpTablet }, "Live Hall", ["Pantry"]);
  const { first, second } = tablets;
  // Signed in on the first tablet; timed from Submit to the row on the second.
  await first.getByRole("link", { name: "Sign in" }).click();
  await first.getByLabel("Phone Number").pressSequentially("6505550177");
  await first.getByLabel("Temperature").fill("98.2");
  await first.getByLabel("First Name", { exact: true }).fill("Livia");
  await first.getByLabel("Last Name", { exact: true }).fill("Stream");
  const appears = whenRow(second, "Livia S.", true);
  // Watched from before Submit: the welcome stays a few seconds only.
  const welcomed = whenShown(first, "[role=dialog]", "Welcome, Livia!", true);
  const submitted = await first.evaluate(() => Date.now());
  await first.getByRole("button", { name: "Submit" }).click();
  const signInMs = (await appears) - submitted;

  // The first tablet welcomed Livia, then went back to its sheet by itself.
  await welcomed;
  await expect(first.getByRole("dialog", { name: "Welcome, Livia!" })).toBeHidden();
  // Signed out on the first tablet; timed from the confirming click to the row leaving the second.
  const row = first.getByRole("row").filter({ hasText: "Livia S." });
  await row.getByRole("button", { name: "Sign Out" }).click();
  const leaves = whenRow(second, "Livia S.", false);
  const confirmed = await first.evaluate(() => Date.now());
  await confirmSignOut(first);
  const signOutMs = (await leaves) - confirmed;

  // The second tablet never reloaded, and its 15 s refresh never had time to run.
  expect(await tablets.secondNeverReloaded()).toBe(true);
  const figures = { signInMs, signOutMs, measuredAt: new Date().toISOString() };
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(path.join(artifactsDir, "13-live.json"), `${JSON.stringify(figures, null, 2)}\n`);
  test.info().annotations.push({
    type: "delay",
    description: `sign-in ${signInMs} ms, sign-out ${signOutMs} ms (tablet to tablet)`,
  });
  // A failure bound only, far above the 1 s target: the figures above are the measurement.
  expect(signInMs).toBeLessThan(5_000);
  expect(signOutMs).toBeLessThan(5_000);
});
