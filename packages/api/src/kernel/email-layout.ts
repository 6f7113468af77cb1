import type { MailMessage } from "./services.ts";
import { escapeHtml } from "./html.ts";

/**
 * One layout for every message: paragraphs (a line break kept as one), then a button-like link
 * with the bare URL below it.
 */
export function emailMessage(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, `${action.label}: ${action.url}`].join("\n\n") + "\n";
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p style="color:#666;font-size:12px">${escapeHtml(action.url)}</p>`,
  ].join("\n");
  return { to, subject, text, html };
}
