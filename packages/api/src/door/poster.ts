import QRCode from "qrcode";
import { serverTranslate } from "@vsi/i18n/server";
import type { Context } from "../kernel/context.ts";
import { conflict } from "../kernel/errors.ts";
import { linkBase, unreachableFromPhones } from "../kernel/public-address.ts";
import { escapeHtml } from "../kernel/html.ts";
import { getLocation } from "../catalog/queries.ts";
import { currentDoorCode } from "./queries.ts";
import { doorUrl } from "./mappers.ts";
import { say, catalogMessages } from "../kernel/messages.ts";

/** What the poster says, in both of the apps' languages: two lines each, naming the page's buttons as the catalogues do. */
const instructions = {
  en: [
    "Sign in with your own phone: point its camera at the code, or type the link.",
    "Fill in the form and tap Submit. When you leave, tap Sign out on the same page.",
  ],
  es: [
    "Regístrese con su propio teléfono: apunte la cámara al código o escriba el enlace.",
    "Complete el formulario y toque Enviar. Al irse, toque Salir en la misma página.",
  ],
};

/**
 * What staff read above a poster whose link names only this computer (no BASE_URL, the app opened
 * at localhost): no phone can open it; where to open the app instead. In the reader's language.
 */
function unreachableWarning(
  ctx: Pick<Context, "services" | "identity">,
  base: string,
  locationId: number,
) {
  const unreachable = unreachableFromPhones(ctx, base);
  if (!unreachable) return "";
  const lng = (ctx.identity.kind === "user" && ctx.identity.user.language) || "en";
  const t = (key: string, values?: Record<string, string>) =>
    escapeHtml(serverTranslate(lng, key, values));
  const doorPage = `/dashboard/locations/${locationId}/tablets`;
  const instead = unreachable.alternatives.length
    ? `<p>${t("door.poster.openAt")}</p><ul>${unreachable.alternatives
        .map(
          (origin) =>
            `<li><a href="${escapeHtml(origin + doorPage)}">${escapeHtml(origin)}</a></li>`,
        )
        .join("")}</ul>`
    : `<p>${t("door.poster.openFromNetwork")}</p>`;
  return `<div class="warning" role="alert" lang="${lng}">
<h2>${t("door.poster.unreachableTitle")}</h2>
<p>${t("door.poster.unreachableWhy", { host: unreachable.host })}</p>
${instead}
<p>${t("door.poster.orBaseUrl")}</p>
</div>`;
}

/**
 * A location's poster: its name and logo, the QR code of its door's link, the link in letters and
 * the instructions, sized to fit both US Letter and A4 (the narrower width, the shorter height).
 * Its link starts where `linkBase` says; a warning tops it when that is only this computer.
 */
export async function doorPoster(
  ctx: Pick<Context, "db" | "services" | "identity" | "origin">,
  locationId: number,
) {
  const { db } = ctx;
  const location = await getLocation(db, locationId);
  const code = await currentDoorCode(db, locationId);
  if (!location.SelfSignIn || !code) throw conflict(say(catalogMessages.doorOffHere), {});
  const base = linkBase(ctx);
  const url = doorUrl(base, code);
  // Error correction M: readable from a poster a little worn or creased, still few modules.
  const qr = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  const shownUrl = url.replace(/^https?:\/\//, "");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in poster — ${escapeHtml(location.Name)}</title>
<style>
  @page { margin: 12mm; }
  * { box-sizing: border-box; }
  html { background: #e9ecef; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; }
  .sheet { width: 186mm; min-height: 250mm; margin: 8mm auto; padding: 12mm 10mm; background: #fff;
    display: flex; flex-direction: column; align-items: center; text-align: center; gap: 6mm; }
  .logo { max-height: 24mm; max-width: 80mm; object-fit: contain; }
  h1 { font-size: 28pt; margin: 0; line-height: 1.15; }
  .address { font-size: 12pt; color: #495057; margin: 0; white-space: pre-line; }
  .headline { font-size: 20pt; font-weight: 700; margin: 2mm 0 0; }
  .headline span { display: block; font-weight: 500; color: #495057; font-size: 16pt; }
  .qr { width: 110mm; height: 110mm; }
  .qr svg { width: 100%; height: 100%; display: block; }
  .link { font: 600 17pt ui-monospace, "SF Mono", Menlo, Consolas, monospace; word-break: break-all;
    border: 0.6mm solid #1a1b1e; border-radius: 3mm; padding: 2mm 4mm; margin: 0; }
  .steps { display: grid; grid-template-columns: 1fr 1fr; gap: 6mm; text-align: left; font-size: 12pt;
    line-height: 1.4; width: 100%; }
  .steps p { margin: 0 0 2mm; }
  .steps h2 { font-size: 11pt; text-transform: uppercase; letter-spacing: 0.06em; color: #495057; margin: 0 0 1mm; }
  .warning { width: 100%; text-align: left; border: 0.6mm solid #c92a2a; border-radius: 3mm;
    background: #fff5f5; color: #1a1b1e; padding: 3mm 5mm; font-size: 12pt; line-height: 1.4; }
  .warning h2 { color: #a51d1d; font-size: 15pt; margin: 0 0 2mm; }
  .warning p, .warning ul { margin: 0 0 2mm; }
  .warning a { color: #a51d1d; font-weight: 600; }
  @media screen and (max-width: 210mm) { .sheet { width: auto; margin: 0; } .qr { width: 80vw; height: 80vw; } .steps { grid-template-columns: 1fr; } }
  @media print { html { background: #fff; } .sheet { margin: 0 auto; padding: 0; min-height: 0; } }
</style>
</head>
<body>
<main class="sheet">
${unreachableWarning(ctx, base, location.id)}
${location.LogoUrl ? `<img class="logo" src="${escapeHtml(location.LogoUrl)}" alt="">` : ""}
<h1>${escapeHtml(location.Name)}</h1>
${location.Address ? `<p class="address">${escapeHtml(location.Address)}</p>` : ""}
<p class="headline">Sign in with your phone<span lang="es">Regístrese con su teléfono</span></p>
<div class="qr" role="img" aria-label="QR code of ${escapeHtml(url)}">${qr}</div>
<p class="link">${escapeHtml(shownUrl)}</p>
<div class="steps">
  <section><h2>English</h2>${instructions.en.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}</section>
  <section lang="es"><h2>Español</h2>${instructions.es.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}</section>
</div>
</main>
</body>
</html>
`;
}
