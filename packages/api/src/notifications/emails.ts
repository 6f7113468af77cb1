import { programName, type ProgramNames } from "@vsi/i18n/languages";
import { serverTranslate, type Language } from "@vsi/i18n/server";
import { emailMessage } from "../kernel/email-layout.ts";
import type { AppConfig, MailMessage } from "../kernel/services.ts";

/** Where a person changes their alerts: My Account. */
export const alertSettingsLink = (config: AppConfig) => `${config.baseUrl}/account`;

export interface Recipient {
  email: string;
  first_name: string;
  /** null: English (a mail has no browser to follow). */
  language: Language | null;
}

/** A sign-in as an alert tells it: never the phone number, only a first name and last initial. */
export interface AlertedSignIn {
  firstName: string;
  lastName: string;
  /** Both names: each reader sees the one in their language. */
  program: ProgramNames;
  location: string;
  timeIn: Date;
  timeZone: string;
}

const translator = (lng: Language) => (key: string, values?: Record<string, string | number>) =>
  serverTranslate(lng, key, values);

const locale = (lng: Language) => (lng === "es" ? "es" : "en-US");

/** "Grace H.": enough for staff to know who came, little for anyone else who reads the mail. */
export const shortName = (firstName: string, lastName: string) => {
  const initial = [...lastName.trim()][0];
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
};

/** One e-mail for the sign-ins that arrived together, each at its location's local time. */
export function signInAlertEmail(
  config: AppConfig,
  to: Recipient,
  signIns: AlertedSignIn[],
): MailMessage {
  const lng = to.language ?? "en";
  const t = translator(lng);
  const lines = signIns.map((s) =>
    t("email.signIns.line", {
      visitor: shortName(s.firstName, s.lastName),
      program: programName(s.program, lng),
      location: s.location,
      time: new Intl.DateTimeFormat(locale(lng), {
        timeZone: s.timeZone,
        hour: "numeric",
        minute: "2-digit",
      }).format(s.timeIn),
    }),
  );
  const first = signIns[0]!;
  const subject =
    signIns.length === 1
      ? t("email.signIns.subjectOne", {
          visitor: shortName(first.firstName, first.lastName),
          program: programName(first.program, lng),
          location: first.location,
        })
      : t("email.signIns.subjectMany", { count: signIns.length });
  return emailMessage(
    to.email,
    subject,
    [
      t("email.signIns.hello", { name: to.first_name }),
      t("email.signIns.body", { count: signIns.length }),
      lines.join("\n"),
      t("email.signIns.why"),
    ],
    { label: t("email.signIns.action"), url: alertSettingsLink(config) },
  );
}

export interface Figures {
  visits: number;
  people: number;
  newPeople: number;
}

/**
 * A location's day: its figures, then each program's, with both its names (counted once for all
 * readers, named in each one's language).
 */
export interface LocationDay extends Figures {
  locationId: number;
  location: string;
  programs: Array<Figures & { program: ProgramNames }>;
}

/** Yesterday's figures per location and program, for one time zone's locations. */
export function dailySummaryEmail(
  config: AppConfig,
  to: Recipient,
  day: string,
  locations: LocationDay[],
): MailMessage {
  const lng = to.language ?? "en";
  const t = translator(lng);
  const date = new Intl.DateTimeFormat(locale(lng), { dateStyle: "full", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
  const figures = (f: Figures) =>
    t("email.summary.figures", { visits: f.visits, people: f.people, newPeople: f.newPeople });
  const blocks = locations.map((l) =>
    [
      `${l.location}: ${figures(l)}`,
      ...l.programs.map((p) => `– ${programName(p.program, lng)}: ${figures(p)}`),
    ].join("\n"),
  );
  return emailMessage(
    to.email,
    t("email.summary.subject", { date }),
    [
      t("email.summary.hello", { name: to.first_name }),
      t("email.summary.body", { date }),
      ...blocks,
      t("email.summary.newPeople"),
    ],
    { label: t("email.signIns.action"), url: alertSettingsLink(config) },
  );
}
