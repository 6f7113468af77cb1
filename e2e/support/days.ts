import type { Locator } from "@playwright/test";

/** A day (YYYY-MM-DD) as the From and To fields write it: "April 1, 2025", "1 de abril de 2025". */
export function dayInWords(day: string, locale = "en-US"): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Types a day into a From or To field and leaves it, as a keyboard user does: its calendar closes. */
export async function typeDay(field: Locator, day: string): Promise<void> {
  await field.fill(day);
  await field.press("Tab");
}
