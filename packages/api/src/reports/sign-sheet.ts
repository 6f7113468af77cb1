import { z } from "zod";
import type { Executor } from "@vsi/db";
import { programName, wordsIn, type Language } from "@vsi/i18n/languages";
import { serverTranslate } from "@vsi/i18n/server";
import { escapeHtml } from "../kernel/html.ts";
import { id } from "../kernel/schema.ts";
import { getLocation, getProgram } from "../catalog/queries.ts";
import { visitConditions } from "../visits/filters.ts";
import { calendarDate, timeZone, type CalendarDate, type TimeZone } from "../kernel/calendar.ts";

/** One day of one program at one location; the day in `timeZone`, the location's own when left out. */
export const signSheetInput = z.object({
  date: calendarDate,
  locationId: id,
  programId: id,
  timeZone: timeZone.optional(),
});
export type SignSheetInput = z.output<typeof signSheetInput>;

/** The day's visits as the sheet lists them, in the order they came. */
async function signSheetRows(
  db: Executor,
  input: SignSheetInput & { timeZone: TimeZone },
  language: Language,
) {
  const rows = await db
    .selectFrom("visits")
    .leftJoin("households", "households.id", "visits.household_id")
    .leftJoin("eligibility_bases", "eligibility_bases.id", "households.eligibility_basis_id")
    .leftJoin("visit_signatures", "visit_signatures.visit_id", "visits.id")
    .select([
      "visits.id",
      "visits.first_name",
      "visits.last_name",
      "visits.time_in",
      "visits.party_size",
      "visits.signed",
      "visits.erased_at",
      "households.size as household_size",
      "eligibility_bases.label as basis",
      "visit_signatures.content_type",
      "visit_signatures.image",
    ])
    .where(
      visitConditions({
        from: input.date,
        to: input.date,
        locationId: input.locationId,
        programId: input.programId,
        timeZone: input.timeZone,
      }),
    )
    .orderBy("visits.time_in")
    .orderBy("visits.id")
    .execute();
  const time = new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", {
    timeZone: input.timeZone,
    hour: "numeric",
    minute: "2-digit",
  });
  return rows.map((row) => ({
    name: row.erased_at ? null : `${row.first_name} ${row.last_name}`,
    time: time.format(row.time_in),
    // A household's size as it is recorded; a visit without one, the party it brought.
    householdSize: row.household_size ?? row.party_size,
    basis: row.basis ? wordsIn(row.basis, language) : null,
    signed: row.signed,
    image:
      row.image && row.content_type
        ? `data:${row.content_type};base64,${Buffer.from(row.image).toString("base64")}`
        : null,
  }));
}

/** A date as the sheet heads it: "Tuesday, December 1, 2026". */
const longDate = (date: CalendarDate, language: Language) =>
  new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", {
    dateStyle: "full",
    timeZone: "UTC",
  }).format(new Date(`${date}T00:00:00Z`));

/**
 * A day's sign sheet for one program at one location, as a food bank's audit asks for it: each
 * visit's name, household size, basis of eligibility and signature (or that the visitor declined),
 * a page to print (A4 or US Letter) in the reader's language. The images are in the page itself,
 * so it prints whole and reads nothing else.
 */
export async function signSheet(db: Executor, input: SignSheetInput, language: Language) {
  const location = await getLocation(db, input.locationId);
  const program = await getProgram(db, input.programId);
  const zone = input.timeZone ?? (location.TimeZone as TimeZone);
  const rows = await signSheetRows(db, { ...input, timeZone: zone }, language);
  const t = (key: string, values?: Record<string, string | number>) =>
    escapeHtml(serverTranslate(language, key, values));
  const title = `${t("signSheet.title")} — ${escapeHtml(programName(program, language))}`;
  const where = `${escapeHtml(location.Name)} · ${escapeHtml(longDate(input.date, language))}`;
  const body = rows.length
    ? rows
        .map(
          (row, at) => `<tr>
<td class="n">${at + 1}</td>
<td>${row.name === null ? `<span class="muted">${t("signSheet.erased")}</span>` : escapeHtml(row.name)}</td>
<td class="n">${row.householdSize}</td>
<td>${row.basis === null ? "" : escapeHtml(row.basis)}</td>
<td class="time">${escapeHtml(row.time)}</td>
<td class="signature">${
            row.image
              ? `<img src="${row.image}" alt="${t("signSheet.signatureOf", { name: row.name ?? "" })}">`
              : row.signed === "declined"
                ? `<span class="declined">${t("signSheet.declined")}</span>`
                : row.signed === "yes"
                  ? `<span class="muted">${t("signSheet.signedErased")}</span>`
                  : ""
          }</td>
</tr>`,
        )
        .join("\n")
    : `<tr><td colspan="6" class="empty">${t("signSheet.empty")}</td></tr>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — ${escapeHtml(location.Name)} — ${input.date}</title>
<style>
  @page { margin: 12mm; @bottom-right { content: counter(page) " / " counter(pages); font: 9pt system-ui, sans-serif; color: #495057; } }
  * { box-sizing: border-box; }
  body { margin: 0; padding: 8mm; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; }
  header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 2mm 8mm; margin-bottom: 4mm; }
  h1 { font-size: 18pt; margin: 0; }
  .where { margin: 0; font-size: 11pt; color: #343a40; }
  table { width: 100%; border-collapse: collapse; font-size: 10.5pt; }
  thead { display: table-header-group; }
  th, td { border: 0.3mm solid #495057; padding: 1.5mm 2mm; text-align: left; vertical-align: middle; }
  th { background: #f1f3f5; font-size: 9.5pt; }
  tr { break-inside: avoid; }
  .n { text-align: right; width: 1%; white-space: nowrap; }
  th.n { white-space: normal; }
  .time { white-space: nowrap; width: 1%; }
  .signature { width: 62mm; height: 17mm; padding: 1mm; }
  .signature img { display: block; max-width: 60mm; max-height: 15mm; margin: 0 auto; }
  .declined { font-style: italic; }
  .signature span { margin-left: 1mm; }
  .muted { color: #495057; font-style: italic; }
  .empty { text-align: center; padding: 6mm; color: #495057; }
  .note { font-size: 9pt; color: #495057; margin-top: 3mm; }
  .scroll { overflow-x: auto; }
  .running { display: none; }
  @media screen and (max-width: 640px) { body { padding: 3mm; } table { font-size: 9pt; } th, td { padding: 1mm; } .signature { width: 26mm; } .signature img { max-width: 24mm; } }
  /* Printed, the heading is the table's first header row, so every page says whose day it is. */
  @media print {
    body { padding: 0; }
    header { display: none; }
    tr.running { display: table-row; }
    .running td { border: 0; padding: 0 0 4mm; }
    .running .title { font-size: 18pt; font-weight: 700; }
  }
</style>
</head>
<body>
<header>
<div>
<h1>${title}</h1>
<p class="where">${where}</p>
</div>
</header>
<div class="scroll">
<table>
<thead>
<tr class="running" aria-hidden="true"><td colspan="6"><div class="title">${title}</div><div class="where">${where}</div></td></tr>
<tr>
<th class="n">#</th><th>${t("signSheet.name")}</th><th class="n">${t("signSheet.householdSize")}</th><th>${t("signSheet.basis")}</th><th>${t("signSheet.time")}</th><th>${t("signSheet.signature")}</th>
</tr></thead>
<tbody>
${body}
</tbody>
</table>
</div>
<p class="note">${t("signSheet.note", { count: rows.length, zone })}</p>
</body>
</html>
`;
}
