import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "@vsi/test-utils/chromium";
import { startFakePrinter } from "@vsi/test-utils/fake-printer";
import { createSite, lingeringConfirmation, logInContext, uniquePhone } from "../support/api.ts";
import { writeCameraFrame } from "../support/camera-frame.ts";
import { expect, keepScreenshot, test, viewports } from "../support/fixtures.ts";
import { artifactsDir } from "../support/paths.ts";
import { signInOnSheet } from "../support/sign-in-form.ts";

// Tickets: a visitor signs in at a tablet and prints their ticket, which the server sends to the
// site's label printer (a fake one listening here); staff open the visit, print its ticket to a
// PDF on a 62 × 29 mm page, and scan its QR code with a phone's camera (Chromium's fake camera,
// showing the ticket's code) to open the visit, mark its number served at the desk and sign it out.

const mmToPoints = (mm: number) => (mm / 25.4) * 72;

test("a ticket prints to the label printer and to a label-sized page, and its QR code opens the visit", async ({
  adminApi,
  newUser,
  setUpTablet,
  page,
}) => {
  const printer = await startFakePrinter();
  try {
    const site = await createSite(adminApi, "Label Hall", ["Pantry"]);
    const { location } = site;
    const program = site.programs[0]!;
    // The site's line is on, so the ticket carries a number that the scan can serve.
    await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, {
      ...lingeringConfirmation,
      Queue: "arrival",
    });

    // An admin sets the site's label printer: a public address is refused by the field.
    await logInContext(page.context(), await newUser({ isAdmin: true }));
    await page.goto(`/dashboard/locations/${location.id}/edit`);
    const settings = page.locator("form", { hasText: "Tickets and labels" });
    await settings.getByLabel("Network label printer (ZPL)").check({ force: true });
    await settings.getByLabel("Printer address").fill("8.8.8.8");
    await settings.getByRole("button", { name: "Save ticket settings" }).click();
    await expect(settings.getByText(/8\.8\.8\.8, a public address/)).toBeVisible();
    for (const [name, size] of [
      ["1024x768", viewports.tabletLandscape],
      ["390x844", viewports.phone],
    ] as const) {
      await page.setViewportSize(size);
      await settings.scrollIntoViewIfNeeded();
      await keepScreenshot(page, `36-labels-settings-${name}`, { fullPage: false });
    }
    await settings.getByLabel("Printer address").fill(printer.host);
    await settings.getByLabel("Port").fill(String(printer.port));
    await settings.getByRole("button", { name: "Save ticket settings" }).click();
    await expect(settings.getByText("Saved.")).toBeVisible();

    // The visitor signs in at the tablet and prints their ticket from the welcome.
    const tablet = await setUpTablet(location.id);
    await tablet.page.goto(`/sheet/${location.id}?programId=${program.id}`);
    const written = tablet.page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/visits" &&
        response.request().method() === "POST",
    );
    const welcome = await signInOnSheet(tablet.page, {
      phone: uniquePhone(),
      temperature: "98.6",
      first: "Rosalind",
      last: "Franklin",
    });
    const visitId = ((await (await written).json()) as { id: number }).id;
    await expect(welcome.getByRole("button", { name: "Print my ticket" })).toBeVisible();
    await tablet.page.setViewportSize(viewports.tabletLandscape);
    await keepScreenshot(tablet.page, "36-labels-welcome-1024x768", { fullPage: false });
    await welcome.getByRole("button", { name: "Print my ticket" }).click();
    const zpl = await printer.received();
    expect(zpl).toMatch(/^\^XA/);
    expect(zpl).toContain("^FDRosalind F.^FS");
    expect(zpl).toContain("^FDPantry");
    expect(zpl).toContain("^FD#1^FS");
    expect(zpl).toMatch(new RegExp(`\\^BQN,2,5\\^FDMA,http\\S+/dashboard/visits/${visitId}\\^FS`));
    await expect(welcome.getByText("Your ticket is printing.")).toBeVisible();

    // Staff open the visit: the printer took its ticket.
    await logInContext(page.context(), await newUser());
    await page.goto(`/dashboard/visits/${visitId}`);
    await expect(page.getByText("The label printer took the ticket.")).toBeVisible();
    const preview = page.getByLabel("The ticket as it prints");
    await expect(preview.getByText("Rosalind F.")).toBeVisible();
    for (const [name, size] of [
      ["1024x768", viewports.tabletLandscape],
      ["390x844", viewports.phone],
    ] as const) {
      await page.setViewportSize(size);
      await keepScreenshot(page, `36-labels-visit-${name}`);
    }

    // Printed to a PDF, the ticket is a page of its own at the label's size.
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    mkdirSync(artifactsDir, { recursive: true });
    writeFileSync(path.join(artifactsDir, "36-labels-ticket.pdf"), pdf);
    const boxes = [
      ...pdf.toString("latin1").matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g),
    ];
    expect(boxes).toHaveLength(1);
    expect(Number(boxes[0]![1])).toBeCloseTo(mmToPoints(62), 0);
    expect(Number(boxes[0]![2])).toBeCloseTo(mmToPoints(29), 0);
    // What the printer gets, to look at: the print page at the label's size, four times magnified.
    const printView = await page
      .context()
      .browser()!
      .newContext({
        storageState: await page.context().storageState(),
        viewport: { width: 235, height: 110 },
        deviceScaleFactor: 4,
      });
    const printPage = await printView.newPage();
    await printPage.emulateMedia({ media: "print" });
    await printPage.goto(`/dashboard/visits/${visitId}`);
    await expect(printPage.locator(".vsi-ticket-print .vsi-ticket-name")).toHaveText("Rosalind F.");
    await keepScreenshot(printPage, "36-labels-ticket-print-62x29mm", { fullPage: false });
    await printView.close();

    // A phone's camera sees the ticket's QR code: the scan opens the visit, still waiting in the
    // line; staff serve it at their desk in one tap, then sign it out.
    const frame = path.join(test.info().outputPath(), "ticket-qr.y4m");
    mkdirSync(path.dirname(frame), { recursive: true });
    await writeCameraFrame(preview.locator("svg"), frame);
    const phoneBrowser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        ...chromiumArgs,
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        `--use-file-for-fake-video-capture=${frame}`,
      ],
    });
    try {
      const phone = await phoneBrowser.newContext({
        baseURL: new URL(page.url()).origin,
        storageState: await page.context().storageState(),
        viewport: viewports.phone,
        permissions: ["camera"],
      });
      const phonePage = await phone.newPage();
      await phonePage.goto("/dashboard/on-site");
      await phonePage.getByRole("link", { name: "Scan a ticket" }).click();
      await phonePage.waitForURL(`**/dashboard/visits/${visitId}`);
      await expect(phonePage.getByText("Rosalind Franklin")).toBeVisible();
      const line = phonePage.locator("[data-visit-line]");
      await expect(line.locator("[data-queue-number]")).toHaveText("Number 1");
      await expect(line.locator("[data-queue-state]")).toHaveText("Waiting");
      await keepScreenshot(phonePage, "36-labels-scanned-390x844");
      // A blank desk is refused by its field; with one, the number is called there and served.
      await line.getByRole("button", { name: "Served" }).click();
      await expect(line.getByText("Desk is required")).toBeVisible();
      await line.getByLabel("Desk").fill("4");
      await line.getByRole("button", { name: "Served" }).click();
      await expect(line.locator("[data-queue-state]")).toHaveText("Served at desk 4");
      await expect(line.getByRole("button")).toHaveCount(0);
      await keepScreenshot(phonePage, "36-labels-scanned-served-390x844");
      await phonePage.getByRole("button", { name: "Sign out" }).click();
      await expect(phonePage.getByText("Signed out", { exact: true })).toBeVisible();

      // A visit deleted meanwhile: signing it out says so, rather than nothing.
      const gone = await adminApi.expect(201, "POST", "/api/visits", {
        LocationId: location.id,
        ProgramId: program.id,
        FirstName: "Gone",
        LastName: "Soon",
        PhoneNumber: uniquePhone(),
        Temperature: "98.4",
      });
      await phonePage.goto(`/dashboard/visits/${gone.id as number}`);
      await expect(phonePage.getByText("Gone Soon")).toBeVisible();
      await adminApi.expect(200, "DELETE", `/api/visits/${gone.id as number}`);
      await phonePage.getByRole("button", { name: "Sign out" }).click();
      await expect(phonePage.getByRole("alert")).toContainText("Visit not found");
    } finally {
      await phoneBrowser.close();
    }
  } finally {
    await printer.close();
  }
});
