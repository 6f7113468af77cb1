import type { MailMessage } from "../src/index.ts";
import type { World } from "./world.ts";

/** The messages written for one address, oldest first. */
export function mailsTo(world: World, address: string): MailMessage[] {
  return world.mails.filter((m) => m.to === address);
}

/**
 * The link of a message that starts with `prefix`, as found in its plain-text body; the HTML body
 * must carry the same link, so both bodies are checked by every test that follows one.
 */
export function linkIn(message: MailMessage, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = message.text.match(new RegExp(`${escaped}\\S+`))?.[0];
  if (!link) throw new Error(`no ${prefix} link in: ${message.text}`);
  if (!message.html.includes(`href="${link}"`))
    throw new Error(`HTML body lacks the link ${link}: ${message.html}`);
  return link;
}
