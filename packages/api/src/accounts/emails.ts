import { serverTranslate, type Language } from "@vsi/i18n/server";
import type { MailMessage } from "../kernel/services.ts";
import { emailMessage as message } from "../kernel/email-layout.ts";

/** Links start where `linkBase` (kernel/public-address.ts) says. */
export const inviteLink = (base: string, inviteId: string) =>
  `${base}/invites/${encodeURIComponent(inviteId)}`;
export const passwordResetLink = (base: string, token: string) =>
  `${base}/passwords/reset/${encodeURIComponent(token)}`;

export interface InviteMailFields {
  id: string;
  first_name: string;
  email: string;
  message: string;
  /** The invite's language; null: English. */
  language: Language | null;
}

export function inviteEmail(
  link: string,
  invite: InviteMailFields,
  inviterName: string,
): MailMessage {
  const lng = invite.language ?? "en";
  const t = (key: string, values?: Record<string, string | number>) =>
    serverTranslate(lng, key, values);
  const paragraphs = [
    t("email.invite.hello", { name: invite.first_name }),
    t("email.invite.body", { inviter: inviterName }),
    ...(invite.message.trim() ? [invite.message.trim()] : []),
    t("email.invite.next"),
  ];
  return message(invite.email, t("email.invite.subject"), paragraphs, {
    label: t("email.invite.action"),
    url: link,
  });
}

/** In the user's language, English when they follow their browser (a mail has none). */
export function passwordResetEmail(
  link: string,
  user: { first_name: string; email: string; language: Language | null },
  validHours: number,
): MailMessage {
  const lng = user.language ?? "en";
  const t = (key: string, values?: Record<string, string | number>) =>
    serverTranslate(lng, key, values);
  const paragraphs = [
    t("email.reset.hello", { name: user.first_name }),
    t("email.reset.body", { hours: validHours }),
    t("email.reset.ignore"),
  ];
  return message(user.email, t("email.reset.subject"), paragraphs, {
    label: t("email.reset.action"),
    url: link,
  });
}
