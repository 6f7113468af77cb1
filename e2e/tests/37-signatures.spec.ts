import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createSite, lingeringConfirmation, logInContext } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { artifactsDir } from "../support/paths.ts";
import { fillSignIn } from "../support/sign-in-form.ts";
import { zoneNearNoon } from "../support/zone.ts";

const tabletSize = { width: 1024, height: 768 };

test("a signature on the tablet: asked before sending, drawn with a finger, then on the day's sign sheet staff open from the report, beside a visitor who declined, and print on Letter and A4", async ({
  page,
  adminApi,
  newUser,
  setUpTablet,
}) => {
  const { location, programs } = await createSite(adminApi, "Signing Pantry", ["Pantry"]);
  const pantry = programs[0]!;
  await adminApi.expect(200, "PATCH", `/api/programs/${pantry.id}`, { AsksSignature: true });
  const zone = zoneNearNoon();
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, {
    AsksTemperature: false,
    TimeZone: zone,
    ...lingeringConfirmation,
  });

  const tablet = (await setUpTablet(location.id, { viewport: tabletSize })).page;
  await tablet.goto(`/sheet/${location.id}`);
  await tablet.getByRole("link", { name: "Sign in" }).click();
  await fillSignIn(tablet, { phone: "4155550737", first: "Rosa", last: "Delgado" });

  // Nothing drawn yet: the form says so by the box, and sends nothing.
  await tablet.getByRole("button", { name: "Submit" }).click();
  const pad = tablet.getByRole("group", { name: "Your signature" });
  await expect(pad.getByText("Sign in the box, or tap “I'd rather not sign”")).toBeVisible();

  // A signature drawn with a finger (a pointer), in three strokes.
  // In the middle of the window, clear of the bar that keeps Submit in sight.
  await pad.getByRole("img").evaluate((canvas) => canvas.scrollIntoView({ block: "center" }));
  const box = (await pad.getByRole("img").boundingBox())!;
  for (const [from, to] of [
    [0.1, 0.3],
    [0.3, 0.5],
    [0.5, 0.8],
  ] as const) {
    await tablet.mouse.move(box.x + box.width * from, box.y + box.height * 0.7);
    await tablet.mouse.down();
    for (let step = 1; step <= 8; step++)
      await tablet.mouse.move(
        box.x + box.width * (from + ((to - from) * step) / 8),
        box.y + box.height * (0.7 - 0.4 * Math.sin((Math.PI * step) / 8)),
      );
    await tablet.mouse.up();
  }
  await expect(pad.getByRole("img", { name: "Signature box: signed" })).toBeVisible();
  await expect(pad.getByText("Sign in the box, or tap")).toHaveCount(0);
  await expectAccessible(tablet, "the signature pad");
  await keepScreenshot(tablet, "37-signature-pad-1024x768", { fullPage: false });
  await tablet.setViewportSize(viewports.phone);
  await expectNoHorizontalOverflow(tablet, "the signature pad on a phone");
  await pad.evaluate((group) => group.scrollIntoView({ block: "center" }));
  await keepScreenshot(tablet, "37-signature-pad-390x844", { fullPage: false });
  await tablet.setViewportSize(tabletSize);

  await tablet.getByRole("button", { name: "Submit" }).click();
  await expect(tablet.getByRole("dialog", { name: "Welcome, Rosa!" })).toBeVisible();
  const [visit] = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visit).toMatchObject({ FirstName: "Rosa", Signed: "yes" });

  // A second visitor, whose household declared SNAP, would rather not sign.
  await adminApi.expect(200, "PATCH", `/api/programs/${pantry.id}`, { SignsInHousehold: true });
  await adminApi.expect(201, "POST", "/api/visits", {
    LocationId: location.id,
    ProgramId: pantry.id,
    FirstName: "Marco",
    LastName: "Ibarra",
    PhoneNumber: "4155550738",
    PartySize: 3,
    SignatureDeclined: true,
  });
  const [declined] = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(declined).toMatchObject({ FirstName: "Marco", Signed: "declined" });
  const snap = await adminApi.expect(201, "POST", "/api/eligibility-bases", {
    Label: { en: "SNAP" },
  });
  await adminApi.expect(200, "PATCH", `/api/households/${declined.HouseholdId}`, {
    Size: 3,
    EligibilityBasisId: snap.id,
  });

  // Staff choose the day, the location and the program, and open its sign sheet.
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(visit.TimeIn));
  await logInContext(page.context(), await newUser());
  await page.goto(
    `/dashboard/reports?from=${day}&to=${day}&locationId=${location.id}&programId=${pantry.id}`,
  );
  const [sheet] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("link", { name: "Open the sign sheet" }).click(),
  ]);
  await expect(sheet.getByRole("heading", { name: "Sign sheet — Pantry" })).toBeVisible();
  const row = sheet.getByRole("row", { name: /Rosa Delgado/ });
  await expect(row.getByRole("img", { name: "Signature of Rosa Delgado" })).toBeVisible();
  expect(
    await row.getByRole("img").evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).toBeGreaterThan(0);
  await expect(sheet.getByRole("row", { name: /Marco Ibarra/ }).getByRole("cell")).toHaveText([
    "2",
    "Marco Ibarra",
    "3",
    "SNAP",
    /\d:\d\d/,
    "Declined to sign",
  ]);
  await sheet.setViewportSize({ width: 1024, height: 768 });
  await keepScreenshot(sheet, "37-sign-sheet-1024x768");
  await sheet.setViewportSize(viewports.phone);
  await keepScreenshot(sheet, "37-sign-sheet-390x844");

  // Printed on US Letter and on A4, the day is one page, titled with its program, place and day
  // (the name a saved PDF gets), with one image drawn on it: the signature (its transparency is a
  // second image, the first one's mask).
  for (const format of ["Letter", "A4"] as const) {
    const pdf = await sheet.pdf({ format, printBackground: true });
    mkdirSync(artifactsDir, { recursive: true });
    writeFileSync(path.join(artifactsDir, `37-sign-sheet-${format}.pdf`), pdf);
    const text = pdf.toString("latin1");
    const boxes = [...text.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)];
    // In points: 8.5 by 11 inches, and A4 as Playwright asks for it (8.27 by 11.7 inches).
    const pages = boxes.map((box) => [Math.round(Number(box[1])), Math.round(Number(box[2]))]);
    expect(pages, `${format} pages`).toEqual([format === "Letter" ? [612, 792] : [596, 843]]);
    const title = /\/Title\s*<FEFF([\dA-F]*)>/.exec(text)?.[1] ?? "";
    expect(Buffer.from(title, "hex").swap16().toString("utf16le")).toBe(
      `Sign sheet — ${pantry.Name} — ${location.Name} — ${day}`,
    );
    const images = [...text.matchAll(/(\d+) 0 obj\s*<<[^>]*\/Subtype\s*\/Image\b/g)];
    const masks = new Set([...text.matchAll(/\/SMask\s+(\d+) 0 R/g)].map((mask) => mask[1]));
    expect(
      images.filter(([, object]) => !masks.has(object)),
      "images drawn",
    ).toHaveLength(1);
  }
});
