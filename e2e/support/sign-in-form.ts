import type { Page } from "@playwright/test";

/** The sign-in form's field labels, in each of the kiosk's languages. */
export const formLabels = {
  english: {
    phone: "Phone Number",
    temperature: "Temperature",
    first: "First Name",
    last: "Last Name",
  },
  spanish: {
    phone: "Número de teléfono",
    temperature: "Temperatura",
    first: "Nombre",
    last: "Apellido",
  },
};

/** Types a full phone number and waits for the returning-visitor lookup it starts to answer. */
export async function typePhone(page: Page, digits: string, label = formLabels.english.phone) {
  const lookup = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/visits/search",
  );
  await page.getByLabel(label).pressSequentially(digits);
  await lookup;
}

/**
 * Fills the open sign-in form. Online it waits for the lookup the phone starts first, so its answer
 * cannot overwrite the names typed after it; offline (`online: false`) no lookup can answer. The
 * temperature only when the visitor has one to give: a location may ask none.
 */
export async function fillSignIn(
  page: Page,
  visitor: { phone: string; temperature?: string; first: string; last: string },
  { labels = formLabels.english, online = true } = {},
) {
  if (online) await typePhone(page, visitor.phone, labels.phone);
  else await page.getByLabel(labels.phone).pressSequentially(visitor.phone);
  if (visitor.temperature !== undefined)
    await page.getByLabel(labels.temperature).fill(visitor.temperature);
  await page.getByLabel(labels.first, { exact: true }).fill(visitor.first);
  await page.getByLabel(labels.last, { exact: true }).fill(visitor.last);
}

/** From the sheet: Sign in, the form filled, Submit. Returns the welcome the sign-in should open. */
export async function signInOnSheet(
  page: Page,
  visitor: Parameters<typeof fillSignIn>[1],
  options: Parameters<typeof fillSignIn>[2] = {},
) {
  await page.getByRole("link", { name: "Sign in" }).click();
  await fillSignIn(page, visitor, options);
  await page.getByRole("button", { name: "Submit" }).click();
  return page.getByRole("dialog", { name: `Welcome, ${visitor.first}!` });
}
