import {
  createSite,
  lingeringConfirmation,
  setKioskTimings,
  signInVisitor,
} from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import { expect, keepScreenshot, test, viewports } from "../support/fixtures.ts";
import { confirmSignOut, sheetRow } from "../support/sheet.ts";
import { typePhone } from "../support/sign-in-form.ts";

// The tablet where a visitor would be caught out: an offer they cannot see, a name on another
// program's tab, someone else's details filled in from a mistyped number.

/** The iPad Air's size upright, where the already-signed-in offer once fell below the Submit bar. */
const ipadAir = { width: 820, height: 1180 };

test("already signed in: the offer opens as a dialog the visitor sees at 820×1180 without scrolling", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite("Offer Hall", ["Pantry"], lingeringConfirmation);
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, { AsksTemperature: false });
  const pantry = programs[0]!;
  // A pantry's form runs long: the offer once landed below the fold, under the Submit bar.
  for (const [en, es] of [
    ["Your ZIP code", "Su código postal"],
    ["Your street", "Su calle"],
    ["How did you hear of us?", "¿Cómo supo de nosotros?"],
    ["Anything we should know?", "¿Algo que debamos saber?"],
  ])
    await adminApi.expect(201, "POST", "/api/questions", {
      Kind: "text",
      Label: { en, es },
      ProgramIds: [pantry.id],
    });
  await signInVisitor(adminApi, {
    LocationId: location.id,
    ProgramId: pantry.id,
    FirstName: "Rosa",
    LastName: "Parks",
    PhoneNumber: "4155550291",
  });
  await page.setViewportSize(ipadAir);
  await page.goto(`/sheet/${location.id}/sign-in?programId=${pantry.id}`);
  await typePhone(page, "4155550291");
  await page.getByLabel("First Name", { exact: true }).fill("Rosa");
  await page.getByLabel("Last Name", { exact: true }).fill("Parks");
  await page.getByRole("button", { name: "Submit" }).click();

  const offer = page.getByRole("dialog", { name: /^You're already signed in/ });
  await expect(offer).toBeVisible();
  await expect(offer).toBeInViewport({ ratio: 1 });
  await expect(offer.getByRole("button", { name: "Sign me out" })).toBeInViewport({ ratio: 1 });
  // Nothing scrolled to bring it there.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await keepScreenshot(page, "29-already-in-820x1180", { fullPage: false });
  await expectAccessible(page, "already signed in dialog");
  await page.setViewportSize(viewports.phone);
  await expect(offer.getByRole("button", { name: "Sign me out" })).toBeInViewport({ ratio: 1 });
  await keepScreenshot(page, "29-already-in-390x844", { fullPage: false });

  await offer.getByRole("button", { name: "Sign me out" }).click();
  const goodbye = page.getByRole("dialog", { name: "Goodbye, Rosa." });
  await expect(goodbye).toBeVisible();
  const [visit] = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visit).toMatchObject({ FirstName: "Rosa", SignedOutBy: "visitor" });
});

test("a visitor signed in to another program is found from any tab and signed out; the form says which program it signs in to", async ({
  page,
  adminApi,
  tabletSite,
}) => {
  const { location, programs } = await tabletSite(
    "Two Tab Hall",
    ["Food Pantry", "Senior Box"],
    lingeringConfirmation,
  );
  const [pantry, seniors] = [programs[0]!, programs[1]!];
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, { AsksTemperature: false });
  await signInVisitor(adminApi, {
    LocationId: location.id,
    ProgramId: seniors.id,
    FirstName: "Sofia",
    LastName: "Boxer",
    PhoneNumber: "4155550292",
  });
  await page.setViewportSize(ipadAir);
  // The tablet shows the pantry's tab, where nobody is signed in.
  await page.goto(`/sheet/${location.id}?programId=${pantry.id}`);
  await expect(page.getByText("Nobody is signed in right now.")).toBeVisible();
  const find = page.getByRole("searchbox", { name: "Find your name" });
  await find.fill("sof");
  const row = sheetRow(page, "Sofia B.");
  await expect(row).toContainText(seniors.Name);
  await keepScreenshot(page, "29-find-across-programs-820x1180", { fullPage: false });
  await expectAccessible(page, "find your name across programs");
  await page.setViewportSize(viewports.phone);
  await keepScreenshot(page, "29-find-across-programs-390x844", { fullPage: false });
  await page.setViewportSize(ipadAir);
  await row.getByRole("button", { name: "Sign Out" }).click();
  await confirmSignOut(page);
  const goodbye = page.getByRole("dialog", { name: "Goodbye, Sofia." });
  await expect(goodbye).toBeVisible();
  await goodbye.getByRole("button", { name: "Done" }).click();
  const [visit] = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  expect(visit).toMatchObject({ FirstName: "Sofia", ProgramId: seniors.id });
  expect(visit.TimeOut).not.toBeNull();

  // From the Senior Box tab, the form starts on Senior Box and says so by its Submit button.
  await page.goto(`/sheet/${location.id}?programId=${seniors.id}`);
  await page.getByRole("link", { name: "Sign in" }).click();
  const signingInTo = page.getByText(`Signing in to: ${seniors.Name}`);
  await expect(signingInTo).toBeInViewport();
  await expect(page.getByRole("button", { name: "Submit" })).toBeInViewport();
  await keepScreenshot(page, "29-form-program-820x1180", { fullPage: false });
  await page.getByRole("radio", { name: pantry.Name }).check();
  await expect(page.getByText(`Signing in to: ${pantry.Name}`)).toBeInViewport();
});

test("a returning visitor is asked “is this you?” before anything of theirs is filled in", async ({
  adminApi,
  setUpTablet,
}) => {
  const site = await createSite(adminApi, "Lookup Pantry", ["Pantry"]);
  const { location } = site;
  const pantry = site.programs[0]!;
  await setKioskTimings(adminApi, location.id, lingeringConfirmation);
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, { AsksTemperature: false });
  const household = await adminApi.expect(201, "POST", "/api/questions", {
    Kind: "number",
    Label: { en: "People in your household", es: "Personas en su hogar" },
    Required: true,
    Min: 1,
    Max: 20,
    ProgramIds: [pantry.id],
    AskEvery: "visitor",
  });
  await adminApi.expect(201, "POST", "/api/visits", {
    LocationId: location.id,
    ProgramId: pantry.id,
    FirstName: "Maria",
    LastName: "Lopez",
    PhoneNumber: "4155550293",
    Answers: { [household.id]: 4 },
  });
  const [earlier] = await adminApi.expect(200, "GET", `/api/visits?locationId=${location.id}`);
  await adminApi.expect(200, "PATCH", `/api/visits/${earlier.id}/sign-out`);

  const tablet = (await setUpTablet(location.id, { viewport: ipadAir })).page;
  await tablet.goto(`/sheet/${location.id}/sign-in?programId=${pantry.id}`);
  const first = tablet.getByLabel("First Name", { exact: true });
  const last = tablet.getByLabel("Last Name", { exact: true });
  const size = tablet.getByLabel("People in your household");

  // A mistyped number is someone else's: nothing of theirs is filled in, and "No" keeps it so.
  await typePhone(tablet, "4155550293");
  const asked = tablet.getByRole("group", { name: "Maria L. — is this you?" });
  await expect(asked).toBeInViewport();
  await expect(first).toHaveValue("");
  await expect(last).toHaveValue("");
  await expect(size).toHaveValue("");
  await expect(tablet.getByText("Lopez")).toHaveCount(0);
  await keepScreenshot(tablet, "29-is-this-you-820x1180", { fullPage: false });
  await expectAccessible(tablet, "is this you");
  await asked.getByRole("button", { name: "No" }).click();
  await expect(asked).toBeHidden();
  await expect(first).toHaveValue("");
  await expect(size).toHaveValue("");

  // Typed again, and this time it is her: "Yes" fills her names and remembered answer.
  await tablet.getByLabel("Phone Number").fill("");
  await typePhone(tablet, "4155550293");
  await asked.getByRole("button", { name: "Yes" }).click();
  await expect(first).toHaveValue("Maria");
  await expect(last).toHaveValue("Lopez");
  await expect(size).toHaveValue("4");
  await tablet.getByRole("button", { name: "Submit" }).click();
  await expect(tablet.getByRole("dialog", { name: "Welcome, Maria!" })).toBeVisible();

  await tablet.setViewportSize(viewports.phone);
  await tablet.goto(`/sheet/${location.id}/sign-in?programId=${pantry.id}`);
  await typePhone(tablet, "4155550293");
  await expect(asked).toBeVisible();
  await keepScreenshot(tablet, "29-is-this-you-390x844", { fullPage: false });
});

test("a new location asks no temperature, and a sheet never shows one", async ({
  adminApi,
  setUpTablet,
}) => {
  const fresh = await adminApi.expect(201, "POST", "/api/locations", {
    Name: "Fresh Hall",
    Address: "1 New St",
    ProgramIds: [],
  });
  expect(fresh.AsksTemperature).toBe(false);

  // A site that chose to ask keeps asking, and its sheet still shows no one's temperature.
  const { location, programs } = await createSite(adminApi, "Asking Hall", ["Pantry"]);
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, { AsksTemperature: true });
  await signInVisitor(adminApi, {
    LocationId: location.id,
    ProgramId: programs[0]!.id,
    FirstName: "Tomas",
    LastName: "Warm",
    PhoneNumber: "4155550294",
  });
  const tablet = (await setUpTablet(location.id, { viewport: ipadAir })).page;
  await tablet.goto(`/sheet/${location.id}`);
  await expect(sheetRow(tablet, "Tomas W.")).toBeVisible();
  await expect(tablet.getByRole("columnheader", { name: "Temperature" })).toHaveCount(0);
  await expect(tablet.getByText("98.4")).toHaveCount(0);
  await keepScreenshot(tablet, "29-sheet-no-temperature-820x1180", { fullPage: false });
});
