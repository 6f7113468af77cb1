import type { Locator, Page } from "@playwright/test";
import { Api, createSite, logInContext, unique } from "../support/api.ts";
import { expectAccessible } from "../support/axe.ts";
import {
  expect,
  expectNoHorizontalOverflow,
  keepScreenshot,
  test,
  viewports,
} from "../support/fixtures.ts";
import { linkFromMail, mails } from "../support/mail.ts";
import { runState } from "../support/state.ts";

// A staff member whose browser speaks Spanish reads the staff pages in Spanish until they choose
// otherwise on My Account; the kiosk's language is another matter (12-kiosk).
test.use({ locale: "es-ES" });

/** Opens a page, waits for what shows it is ready, checks it with axe, and keeps its picture. */
async function look(page: Page, path: string, ready: Locator, name: string) {
  await page.goto(path);
  await expect(ready).toBeVisible();
  await expectAccessible(page, name);
  await expectNoHorizontalOverflow(page, name);
  await keepScreenshot(page, name);
}

test("staff language: a Spanish browser reads the dashboard, locations, admin pages and My Account in Spanish, and English once chosen", async ({
  page,
  adminApi,
  newUser,
}) => {
  const site = await createSite(adminApi, "Centro Comunitario", ["Despensa", "Tutorías"]);
  const admin = await newUser({ isAdmin: true, firstName: `Rosa${unique()}` });
  await logInContext(page.context(), admin);

  for (const [size, viewport] of [
    ["tablet", viewports.tablet],
    ["phone", viewports.phone],
  ] as const) {
    await page.setViewportSize(viewport);
    await look(
      page,
      "/dashboard",
      page.getByRole("heading", { name: "Panel" }),
      `es-dashboard-${size}`,
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await look(
      page,
      "/dashboard/locations",
      page.getByRole("row").filter({ hasText: site.location.Name }),
      `es-locations-${size}`,
    );
    await expect(page.getByRole("heading", { name: "Sedes" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Dirección" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Configurar tableta" }).first()).toBeVisible();
    // The reports page's filters and summary; its table and title follow when it is translated.
    const { reports } = runState();
    await look(
      page,
      `/dashboard/reports?from=${reports.from}&to=${reports.to}`,
      page.getByRole("region", { name: "Resumen" }).getByText("Visitantes únicos", { exact: true }),
      `es-reports-${size}`,
    );
    await expect(page.getByRole("button", { name: "Mes pasado" })).toBeVisible();
    await expect(page.getByLabel("Desde")).toHaveValue(reports.from);
    await look(
      page,
      "/admin/users",
      page.getByRole("heading", { name: "Administrar usuarios" }),
      `es-users-${size}`,
    );
    await expect(page.getByRole("link", { name: "Invitar a un usuario nuevo" })).toBeVisible();
    await look(
      page,
      "/admin/audit",
      page.getByRole("heading", { name: "Registro de auditoría" }),
      `es-audit-${size}`,
    );
    await expect(page.getByText(/creó la sede «Centro Comunitario/).first()).toBeVisible();
    await look(
      page,
      "/admin/settings",
      page.getByRole("heading", { name: "Configuración" }),
      `es-settings-${size}`,
    );
    await look(
      page,
      "/account",
      page.getByRole("heading", { name: "Mi cuenta" }),
      `es-account-${size}`,
    );
    await expect(page.getByLabel("Idioma", { exact: true })).toHaveValue("browser");
  }

  // A field's message comes back from the server in English; the page says it in Spanish.
  await page.getByLabel("Nombre", { exact: true }).fill("");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Este campo es obligatorio.")).toBeVisible();
  await page.getByLabel("Nombre", { exact: true }).fill(admin.firstName);

  // Choosing English applies at once, without a reload, and stays chosen on other pages.
  await page.getByLabel("Idioma", { exact: true }).selectOption({ label: "English" });
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Your account has been updated!" }),
  ).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const me = await Api.of(page.context()).expect(200, "GET", "/api/users/me");
  expect(me.language).toBe("en");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // On a phone the links fold into the menu, whose button speaks English too.
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
  await expectAccessible(page, "dashboard in English");
});

test("staff language: an admin reading Spanish invites a colleague in Spanish, and the new account starts in Spanish", async ({
  page,
  browser,
  baseURL,
  newUser,
}) => {
  const admin = await newUser({ isAdmin: true });
  await logInContext(page.context(), admin);
  const tag = unique();
  const invitee = { firstName: `Iván${tag}`, email: `ivan-${tag}@example.org` };

  await page.goto("/admin/users/invite");
  await expect(page.getByRole("heading", { name: "Invitar a un usuario nuevo" })).toBeVisible();
  // The e-mail's language is the page's unless picked otherwise.
  await expect(page.getByLabel("Idioma del correo electrónico")).toHaveValue("es");
  await page.getByLabel("Nombre", { exact: true }).fill(invitee.firstName);
  await page.getByLabel("Correo electrónico", { exact: true }).fill(invitee.email);
  await expectAccessible(page, "invite form in Spanish");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "¡Se envió la invitación!" }),
  ).toBeVisible();

  const link = await linkFromMail(invitee.email, "/invites/");
  const mail = mails().find((m) => m.to === invitee.email)!;
  expect(mail.subject).toBe("Tiene una invitación a Visitor Sign-In");
  expect(mail.text).toContain(`Hola, ${invitee.firstName}:`);
  expect(mail.text).toContain(`${admin.firstName} ${admin.lastName} le envió una invitación`);
  expect(mail.html).toContain("Aceptar la invitación");

  // Opened in an English browser, the invite speaks the language it was written in, and so does
  // the account it makes.
  const theirs = await browser.newContext({ baseURL, locale: "en-US" });
  try {
    const theirPage = await theirs.newPage();
    await theirPage.goto(link);
    await expect(theirPage.getByRole("heading", { name: "Tiene una invitación" })).toBeVisible();
    await expectAccessible(theirPage, "invite page in Spanish");
    await theirPage.getByLabel("Contraseña", { exact: true }).fill(`welcome-${tag}-9`);
    await theirPage.getByRole("button", { name: "Enviar" }).click();
    await expect(theirPage.getByRole("heading", { name: "Mi cuenta" })).toBeVisible();
    await expect(
      theirPage.getByRole("status").filter({ hasText: "¡Se creó su cuenta!" }),
    ).toBeVisible();
  } finally {
    await theirs.close();
  }
});
