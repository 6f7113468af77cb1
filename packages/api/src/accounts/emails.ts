import type { AppConfig, MailMessage } from "../kernel/services.ts";
import { escapeHtml } from "../kernel/html.ts";

export const inviteLink = (config: AppConfig, inviteId: string) =>
  `${config.baseUrl}/invites/${encodeURIComponent(inviteId)}`;
export const passwordResetLink = (config: AppConfig, token: string) =>
  `${config.baseUrl}/passwords/reset/${encodeURIComponent(token)}`;

/** One layout for every message: paragraphs, then a button-like link with the bare URL below it. */
function message(
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

export interface InviteMailFields {
  id: string;
  first_name: string;
  email: string;
  message: string;
}

export function inviteEmail(
  config: AppConfig,
  invite: InviteMailFields,
  inviterName: string,
): MailMessage {
  const paragraphs = [
    `Hello ${invite.first_name},`,
    `${inviterName} has invited you to Visitor Sign-In, where staff manage locations, programs and visitor reports.`,
    ...(invite.message.trim() ? [invite.message.trim()] : []),
    "Follow the link below to choose a password and create your account.",
  ];
  return message(invite.email, "You're invited to Visitor Sign-In", paragraphs, {
    label: "Accept the invite",
    url: inviteLink(config, invite.id),
  });
}

export function passwordResetEmail(
  config: AppConfig,
  user: { first_name: string; email: string },
  token: string,
  validHours: number,
): MailMessage {
  const paragraphs = [
    `Hello ${user.first_name},`,
    `Someone asked to reset the password of your Visitor Sign-In account. The link below works once, for ${validHours} hours.`,
    "If it was not you, ignore this message: your password stays as it is.",
  ];
  return message(user.email, "Reset your Visitor Sign-In password", paragraphs, {
    label: "Choose a new password",
    url: passwordResetLink(config, token),
  });
}
