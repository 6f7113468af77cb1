import { auditActions, type AuditAction } from "@vsi/api/schemas";
import { staffTranslate, type Language } from "@vsi/i18n/staff";
import { isoDate, positiveInt } from "@vsi/web-common/search-params";
import type { AuditEntry } from "./types";

// The audit log page: its filters live in the query string (a view can be bookmarked), and each
// entry reads as a sentence in the reader's language (English unless told).

/** The actions on these kinds of thing ("location" for location.create, …), in the schema's order. */
const actionsOn = (...kinds: string[]): AuditAction[] =>
  auditActions.filter((action) => kinds.includes(action.slice(0, action.indexOf("."))));

/** The kinds of change a coordinator asks about, as the page's filter offers them (named in audit.groups). */
export const auditGroups = {
  signIns: { actions: ["visit.sign_in", "visit.sign_out"] },
  visits: {
    actions: [
      "visit.update",
      "visit.delete",
      "visit.approve",
      "visit.decline",
      "visit.call",
      "visit.serve",
      "visit.no_show",
    ],
  },
  catalog: { actions: actionsOn("location", "program", "question", "report_preset") },
  users: { actions: actionsOn("user") },
  tablets: { actions: actionsOn("tablet") },
  privacy: { actions: actionsOn("settings", "retention", "visitor") },
  webhooks: { actions: actionsOn("webhook") },
  households: { actions: actionsOn("household", "eligibility_basis") },
} satisfies Record<string, { actions: AuditAction[] }>;
export type AuditGroup = keyof typeof auditGroups;
const groupNames = Object.keys(auditGroups) as AuditGroup[];

export interface AuditSearch {
  group?: AuditGroup;
  locationId?: number;
  userId?: number;
  from?: string;
  to?: string;
  page?: number;
}

/** validateSearch for the page; only the parameters that are set and usable are kept. */
export function auditSearch(search: Record<string, unknown>): AuditSearch {
  const group = groupNames.find((name) => name === search.group);
  const kept = {
    group,
    locationId: positiveInt(search.locationId),
    userId: positiveInt(search.userId),
    from: isoDate(search.from),
    to: isoDate(search.to),
    page: positiveInt(search.page),
  };
  return Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined));
}

/** The server's filter for a group: its actions, comma-separated. */
export const groupActions = (group: AuditGroup | undefined) =>
  group ? auditGroups[group].actions.join(",") : undefined;

/** Who acted, as the log shows it. */
export function actorName(actor: AuditEntry["actor"], language: Language = "en"): string {
  const t = (key: string, values?: Record<string, string | number>) =>
    staffTranslate(language, key, values);
  if (actor.kind === "system") return t("audit.actor.automatic");
  if (actor.kind === "tablet")
    return actor.tabletLocation
      ? t("audit.actor.tabletAt", { name: actor.tabletLocation.name })
      : t("audit.actor.tabletNumber", { id: actor.tabletId ?? "" });
  return actor.name || actor.email || t("audit.actor.userNumber", { id: actor.userId ?? "" });
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const fields = (details: Record<string, unknown>) =>
  Array.isArray(details.fields) ? details.fields.join(", ") : "";

/** What happened, in plain words: "Maria Lopez signed out a visitor (staff)". */
export function describeEntry(entry: AuditEntry, language: Language = "en"): string {
  const who = actorName(entry.actor, language);
  const d = entry.details;
  const place = entry.location?.name ?? text(d.name);
  const values = {
    who,
    place,
    name: text(d.name),
    label: text(d.label),
    email: text(d.email),
    url: text(d.url),
    newEmail: text(d.newEmail),
    // Of the answers, the log says only that they changed, never what they were.
    fields: fields(d).replace("Answers", staffTranslate(language, "audit.answersChanged")),
    count: Number(d.erased ?? d.lookups ?? d.people ?? d.members ?? 0),
    accounted: Number(d.accounted ?? 0),
    missing: Number(d.missing ?? 0),
    day: text(d.day),
    id: entry.subject?.id ?? "",
    // The other household of a merge, or where a member moved.
    household:
      typeof (d.otherId ?? d.toHouseholdId) === "number"
        ? Number(d.otherId ?? d.toHouseholdId)
        : "",
  };
  const say = (key: string) => staffTranslate(language, `audit.entry.${key}`, values);
  switch (entry.action) {
    case "visit.sign_in":
      // A phone's sign-in is the visitor's own, at the door's poster.
      return say(d.SignedInFrom === "phone" ? "signInPhone" : "visit_sign_in");
    case "visit.sign_out":
      if (d.by === "auto") return say("autoSignOut");
      // Only a phone at the door signs its visitor out with no one logged in.
      if (d.by === "visitor" && entry.actor.kind === "system") return say("signOutPhone");
      return say(d.by === "staff" ? "signOutStaff" : "signOut");
    case "location.delete":
    case "program.delete":
      return say(`${entry.action.replace(".", "_")}_${d.archived ? "archived" : "deleted"}`);
    case "roll_call.start":
      return say(d.drill === true ? "roll_call_start_drill" : "roll_call_start");
    case "settings.update":
      return say(d.fiscalYearStartMonth ? "fiscalYear" : "settings_update");
    case "retention.run":
      return say(entry.actor.kind === "system" ? "retentionAuto" : "retention");
    default:
      return say(entry.action.replace(".", "_"));
  }
}

/** What the entry names, for looking it up: "Visit #1042"; an invite by its email (in What). */
export function subjectLabel(entry: AuditEntry, language: Language = "en"): string {
  const subject = entry.subject;
  if (!subject || subject.id === null) return "—";
  const known = [
    "visit",
    "location",
    "program",
    "question",
    "user",
    "tablet",
    "webhook",
    "roll_call",
    "household",
    "report_preset",
  ].includes(subject.type);
  const name = known ? staffTranslate(language, `audit.subjects.${subject.type}`) : subject.type;
  return `${name} #${subject.id}`;
}
