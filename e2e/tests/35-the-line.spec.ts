import { createSite, logInContext, signInVisitor, uniquePhone } from "../support/api.ts";
import { expect, keepScreenshot, test, viewports } from "../support/fixtures.ts";
import { signInOnSheet } from "../support/sign-in-form.ts";
import { zoneNearNoon } from "../support/zone.ts";

// The line: ten visitors sign in by arrival on two tablets and a phone. One on each tablet's sheet,
// whose welcome says the number; the third on her own phone at the door, who is told her number
// and how many are ahead; seven more through the tablets as the kiosk sends them. The waiting
// room's screen shows the ten numbers without names; staff call three from the location's page,
// and the phone says it is her turn, at her desk; the screen revoked there stops; the funder
// summary shows how long the three waited. With a clothing line of its own, the screen, the
// tablet's welcome and a phone each name the line a number is in.

/** The numbers from `first` to `last` as the screen lists them. */
const numbers = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index).join("  ·  ");
/** Every name the first ten visitors gave: the screen shows none. */
const names = /Otto|Inés|Guest|Early|Rosa|Serrano/;

test("visitors get numbers, the screen shows them without names, staff call, and the phone says whose turn; the tablet and the phone name a program's own line", async ({
  adminApi,
  newUser,
  setUpTablet,
  browser,
  page,
}) => {
  const site = await createSite(adminApi, "Line Hall", ["Pantry"]);
  const { location } = site;
  const program = site.programs[0]!;
  // About noon where the site is, so the report's day is today all through.
  const zone = zoneNearNoon();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
  await adminApi.expect(200, "PATCH", `/api/locations/${location.id}`, {
    Queue: "arrival",
    SelfSignIn: true,
    TimeZone: zone,
  });
  const { url: doorLink } = await adminApi.expect(
    201,
    "POST",
    `/api/locations/${location.id}/door-code`,
  );
  // Two tablets at the door: the first two sign in on their sheets, numbers 1 and 2.
  const tablets = await Promise.all(
    [0, 1].map(() => setUpTablet(location.id, { viewport: viewports.tabletLandscape })),
  );
  await Promise.all(
    tablets.map((tablet) => tablet.page.goto(`/sheet/${location.id}?programId=${program.id}`)),
  );
  for (const [index, first] of ["Otto", "Inés"].entries()) {
    const welcome = await signInOnSheet(tablets[index]!.page, {
      phone: uniquePhone(),
      temperature: "98.4",
      first,
      last: "Early",
    });
    await expect(welcome.locator("[data-queue-number]")).toHaveText(`Your number is ${index + 1}`);
  }

  // The third signs in on her phone: number 3, two ahead of her.
  const phoneContext = await browser.newContext({
    viewport: viewports.phone,
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await phone.goto(new URL(doorLink as string).pathname);
  await phone.getByLabel("Phone Number").pressSequentially(uniquePhone());
  await phone.getByLabel("Temperature").fill("98.4");
  await phone.getByLabel("First Name", { exact: true }).fill("Rosa");
  await phone.getByLabel("Last Name", { exact: true }).fill("Serrano");
  await phone.getByRole("button", { name: "Submit" }).click();
  await expect(phone.getByText("Your number is 3")).toBeVisible();
  await expect(phone.getByText("2 places ahead of you")).toBeVisible();
  await keepScreenshot(phone, "35-line-door-waiting-390x844");

  // Seven more, numbers 4 to 10, through the tablets' own sessions, as their sheets send a sign-in.
  for (let number = 4; number <= 10; number++) {
    const reply = await tablets[number % 2]!.api.call(
      "POST",
      "/api/visits",
      {
        LocationId: location.id,
        ProgramId: program.id,
        FirstName: `Guest${number}`,
        LastName: "Early",
        PhoneNumber: uniquePhone(),
        Temperature: "98.4",
      },
      { "Idempotency-Key": crypto.randomUUID() },
    );
    expect(reply.status, reply.text).toBe(201);
    expect((reply.json as { QueueNumber: number }).QueueNumber).toBe(number);
  }
  // The second tablet has done its part; the first signs in a clothing visitor later.
  await tablets[1]!.page.close();

  // The waiting room's TV: numbers only.
  const { url: screenLink } = await adminApi.expect(
    201,
    "POST",
    `/api/locations/${location.id}/screens`,
  );
  const tvContext = await browser.newContext({ viewport: viewports.tabletLandscape });
  const tv = await tvContext.newPage();
  await tv.goto(new URL(screenLink as string).pathname);
  await expect(tv.locator("[data-waiting]")).toHaveText(numbers(1, 10));
  await expect(tv.locator("body")).not.toContainText(names);

  // Staff call from the location's page: the first two to desk 1, the next to desk 2.
  await logInContext(page.context(), await newUser());
  await page.setViewportSize(viewports.tabletLandscape);
  await page.goto(`/dashboard/locations/${location.id}/tablets`);
  const panel = page.locator("[data-queue-panel]");
  await panel.getByLabel("Desk").fill("1");
  await panel.getByRole("button", { name: "Call next" }).click();
  await expect(panel.locator('[data-serving="1"]')).toBeVisible();
  await panel.getByRole("button", { name: "Call next" }).click();
  await expect(panel.locator('[data-serving="2"]')).toBeVisible();
  await expect(phone.getByText("You're next")).toBeVisible();
  await panel.getByLabel("Desk").fill("2");
  await panel.getByRole("button", { name: "Call next" }).click();
  await expect(phone.getByText("It's your turn — go to desk 2")).toBeVisible();
  await expect(tv.locator('[data-serving="3"]')).toContainText("Desk 2");
  await expect(tv.locator("[data-waiting]")).toHaveText(numbers(4, 10));
  await expect(tv.locator("body")).not.toContainText(names);
  await keepScreenshot(phone, "35-line-door-your-turn-390x844");
  await keepScreenshot(tv, "35-line-screen-1024x768");
  await keepScreenshot(page, "35-line-panel-1024x768");
  await page.setViewportSize(viewports.phone);
  await keepScreenshot(page, "35-line-panel-390x844");
  await tv.setViewportSize(viewports.phone);
  await keepScreenshot(tv, "35-line-screen-390x844");

  await panel.locator('[data-serving="1"]').getByRole("button", { name: "Served" }).click();
  await expect(panel.locator('[data-serving="1"]')).toBeHidden();
  await expect(tv.locator('[data-serving="1"]')).toBeHidden();

  // The screen revoked from the panel: the TV's link stops working.
  await page.setViewportSize({ width: 820, height: 1180 });
  await keepScreenshot(page, "35-line-panel-screens-820x1180");
  page.once("dialog", (dialog) => void dialog.accept());
  await panel.getByRole("button", { name: "Revoke" }).click();
  await expect(panel.getByText("No screens yet.")).toBeVisible();
  await tv.reload();
  await expect(tv.getByText("This screen's link is not known")).toBeVisible();

  // The funder summary of the site: the ten numbered, the three called, and how long they waited.
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`/dashboard/reports/summary?from=${today}&to=${today}&locationId=${location.id}`);
  const waits = page.getByRole("region", { name: "Waiting times in the line" });
  await expect(waits.getByRole("row").nth(1)).toContainText(program.Name);
  // Called, then numbers given.
  await expect(waits.getByRole("cell").nth(4)).toHaveText("3");
  await expect(waits.getByRole("cell").nth(5)).toHaveText("10");
  await keepScreenshot(page, "35-line-waits-820x1180");
  await page.setViewportSize(viewports.phone);
  await keepScreenshot(page, "35-line-waits-390x844");

  // A clothing line of its own beside the pantry's: each number is shown with its line.
  const clothing = await adminApi.expect(201, "POST", "/api/programs", {
    Name: `Clothing ${site.tag}`,
    OwnQueue: true,
    LocationIds: [location.id],
  });
  for (const [FirstName, ProgramId] of [
    ["Ada", clothing.id],
    ["Bo", clothing.id],
    ["Cy", program.id],
  ] as const)
    await signInVisitor(adminApi, {
      LocationId: location.id,
      ProgramId: ProgramId as number,
      FirstName,
      LastName: "Later",
      PhoneNumber: uniquePhone(),
    });
  const { url: linesScreen } = await adminApi.expect(
    201,
    "POST",
    `/api/locations/${location.id}/screens`,
  );
  await tv.setViewportSize(viewports.tabletLandscape);
  await tv.goto(new URL(linesScreen as string).pathname);
  // The shared line: the seven not called, then Cy.
  await expect(tv.locator("[data-waiting-line]")).toHaveText([
    new RegExp(`^Other programs\\s*${numbers(4, 11).replaceAll("  ·  ", "\\s+·\\s+")}$`),
    /^Clothing \S+\s*1\s+·\s+2$/,
  ]);
  await keepScreenshot(tv, "35-line-screen-lines-1024x768");
  await page.goto(`/dashboard/locations/${location.id}/tablets`);
  await expect(panel.locator('[data-waiting="1"]')).toContainText("Clothing");
  await keepScreenshot(page, "35-line-panel-lines-390x844");

  // The tablet and a phone at the door name the line a number is in: "3" alone could be either.
  const tablet = tablets[0]!;
  await tablet.page.goto(`/sheet/${location.id}?programId=${clothing.id}`);
  const welcome = await signInOnSheet(tablet.page, {
    phone: uniquePhone(),
    temperature: "98.4",
    first: "Dee",
    last: "Tablet",
  });
  await expect(welcome.locator("[data-queue-line]")).toHaveText(`${clothing.Name} line`);
  await expect(welcome.locator("[data-queue-number]")).toHaveText("Your number is 3");
  await keepScreenshot(tablet.page, "35-line-kiosk-own-line-1024x768", { fullPage: false });
  const laterPhoneContext = await browser.newContext({
    viewport: viewports.phone,
    isMobile: true,
    hasTouch: true,
  });
  const laterPhone = await laterPhoneContext.newPage();
  await laterPhone.goto(new URL(doorLink as string).pathname);
  await laterPhone.getByRole("button", { name: "Español" }).click();
  await laterPhone.getByLabel("Número de teléfono").pressSequentially(uniquePhone());
  await laterPhone.getByLabel("Temperatura").fill("98.4");
  await laterPhone.getByLabel("Nombre", { exact: true }).fill("Eva");
  await laterPhone.getByLabel("Apellido", { exact: true }).fill("Puerta");
  await laterPhone.getByRole("radio", { name: clothing.Name }).check();
  await laterPhone.getByRole("button", { name: "Enviar" }).click();
  await expect(laterPhone.locator("[data-door-line-name]")).toHaveText(`Fila de ${clothing.Name}`);
  await expect(laterPhone.getByText("Su número es el 4")).toBeVisible();
  await keepScreenshot(laterPhone, "35-line-door-own-line-es-390x844");
  await laterPhoneContext.close();
  await phoneContext.close();
  await tvContext.close();
});
