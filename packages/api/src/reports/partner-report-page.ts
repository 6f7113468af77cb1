import type { Executor } from "@vsi/db";
import type { Language } from "@vsi/i18n/languages";
import { serverTranslate } from "@vsi/i18n/server";
import { getLocation } from "../catalog/queries.ts";
import { escapeHtml } from "../kernel/html.ts";
import { partnerReport } from "./partner-report.ts";
import { ageBandLabel } from "./presets-schema.ts";
import type {
  PartnerReport,
  PartnerReportInput,
  PartnerReportRow,
} from "./partner-report-schema.ts";

/** A band as a reader writes it, and `unknown` the words for an age not known. */
const bandLabel = (band: string, t: (key: string) => string) =>
  band === "unknown" ? t("partnerReport.ageUnknown") : ageBandLabel(band);

/** "February 2026" for "2026-02", in the language's own words. */
const monthLabel = (month: string, language: Language) =>
  new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));

/** The report for `input` (the caller's locations already applied) as its page, in `language`. */
export async function partnerReportPrint(
  db: Executor,
  input: PartnerReportInput,
  language: Language,
): Promise<string> {
  const [report, place] = await Promise.all([
    partnerReport(db, { ...input, language }),
    input.locationId === undefined
      ? serverTranslate(language, "partnerReport.allLocations")
      : getLocation(db, input.locationId).then((location) => location.Name),
  ]);
  return partnerReportPage(report, place, input.timeZone, language);
}

/**
 * The monthly partner report as a page to print (landscape), in the reader's language: per month
 * a heading, then a line per location and program with its households, individuals and their age
 * bands; a month with no visits says so. `place` names the location chosen, or every one held.
 */
export function partnerReportPage(
  report: PartnerReport,
  place: string,
  zone: string,
  language: Language,
): string {
  const say = (key: string, values?: Record<string, string | number>) =>
    serverTranslate(language, key, values);
  const t = (key: string, values?: Record<string, string | number>) => escapeHtml(say(key, values));
  const named = report.bands.map((band) => bandLabel(band, say));
  const bands = named.map(escapeHtml);
  const counted = named.slice(0, -1).join(", ");
  const columns = 7 + bands.length;
  const line = (row: PartnerReportRow) => `<tr>
<td>${escapeHtml(row.locationName)}</td>
<td>${escapeHtml(row.programName)}</td>
<td class="n">${row.visits}</td>
<td class="n">${row.households}</td>
<td class="n">${row.newHouseholds}</td>
<td class="n strong">${row.individuals}</td>
<td class="n">${row.partySizes}</td>
${row.ageBands.map(({ count }) => `<td class="n">${count}</td>`).join("")}
</tr>`;
  const body = report.months
    .map((month) => {
      const rows = report.rows.filter((row) => row.month === month);
      return `<tr class="month"><th colspan="${columns}" scope="colgroup">${escapeHtml(monthLabel(month, language))}</th></tr>
${rows.length ? rows.map(line).join("\n") : `<tr><td colspan="${columns}" class="empty">${t("partnerReport.noVisits")}</td></tr>`}`;
    })
    .join("\n");
  const period =
    report.from === report.to
      ? escapeHtml(monthLabel(report.from, language))
      : t("partnerReport.period", {
          from: monthLabel(report.from, language),
          to: monthLabel(report.to, language),
        });
  const title = t("partnerReport.title");
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — ${escapeHtml(place)} — ${period}</title>
<style>
  @page { size: landscape; margin: 10mm; }
  * { box-sizing: border-box; }
  body { margin: 0; padding: 8mm; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; }
  header { margin-bottom: 4mm; }
  h1 { font-size: 18pt; margin: 0 0 1mm; }
  .where { margin: 0; font-size: 11pt; color: #343a40; }
  table { width: 100%; border-collapse: collapse; font-size: 10pt; }
  thead { display: table-header-group; }
  th, td { border: 0.3mm solid #495057; padding: 1.2mm 2mm; text-align: left; vertical-align: middle; }
  thead th { background: #f1f3f5; font-size: 9pt; }
  tr { break-inside: avoid; }
  tr.month th { background: #e7f5ff; font-size: 10.5pt; break-after: avoid; }
  .n { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  thead .n { white-space: normal; }
  .strong { font-weight: 600; }
  .bands { text-align: center; }
  .empty { text-align: center; color: #495057; font-style: italic; }
  .note { font-size: 9pt; color: #495057; margin-top: 3mm; }
  .scroll { overflow-x: auto; }
  @media screen and (max-width: 640px) { body { padding: 3mm; } table { font-size: 8.5pt; } th, td { padding: 1mm; } h1 { font-size: 15pt; } }
  @media print { body { padding: 0; } }
</style>
</head>
<body>
<header>
<h1>${title}</h1>
<p class="where">${escapeHtml(place)} · ${period}</p>
<p class="where">${
    report.preset
      ? t("partnerReport.preset", { name: report.preset.name, bands: counted })
      : t("partnerReport.defaultBands", { bands: counted })
  }</p>
</header>
<div class="scroll">
<table>
<thead>
<tr>
<th rowspan="2">${t("partnerReport.location")}</th><th rowspan="2">${t("partnerReport.program")}</th><th rowspan="2" class="n">${t("partnerReport.visits")}</th><th rowspan="2" class="n">${t("partnerReport.households")}</th><th rowspan="2" class="n">${t("partnerReport.newHouseholds")}</th><th rowspan="2" class="n">${t("partnerReport.individuals")}</th><th rowspan="2" class="n">${t("partnerReport.partySizes")}</th><th colspan="${bands.length}" class="bands">${t("partnerReport.byAge")}</th>
</tr>
<tr>${bands.map((band) => `<th class="n">${band}</th>`).join("")}</tr>
</thead>
<tbody>
${body}
</tbody>
</table>
</div>
<p class="note">${t("partnerReport.note", { zone })}</p>
</body>
</html>
`;
}
