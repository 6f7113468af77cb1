import { auditActions, type AuditAction } from "@vsi/api/schemas";
import { isoDate, positiveInt } from "@vsi/web-common/search-params";
import type { AuditEntry } from "./types";

// The audit log page: its filters live in the query string (a view can be bookmarked), and each
// entry reads as a sentence.

/** The actions on these kinds of thing ("location" for location.create, …), in the schema's order. */
const actionsOn = (...kinds: string[]): AuditAction[] =>
  auditActions.filter((action) => kinds.includes(action.slice(0, action.indexOf("."))));

/** The kinds of change a coordinator asks about, as the page's filter offers them. */
export const auditGroups = {
  signIns: { label: "Sign-ins and sign-outs", actions: ["visit.sign_in", "visit.sign_out"] },
  visits: { label: "Visit edits and deletions", actions: ["visit.update", "visit.delete"] },
  catalog: {
    label: "Locations, programs and questions",
    actions: actionsOn("location", "program", "question"),
  },
  users: { label: "Users", actions: actionsOn("user") },
  tablets: { label: "Tablets", actions: actionsOn("tablet") },
  privacy: {
    label: "Settings, erasures and lookups",
    actions: actionsOn("settings", "retention", "visitor"),
  },
} satisfies Record<string, { label: string; actions: AuditAction[] }>;
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
export function actorName(actor: AuditEntry["actor"]): string {
  if (actor.kind === "system") return "Automatic";
  if (actor.kind === "tablet")
    return actor.tabletLocation
      ? `Tablet '${actor.tabletLocation.name}'`
      : `Tablet #${actor.tabletId}`;
  return actor.name || actor.email || `User #${actor.userId}`;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const fields = (details: Record<string, unknown>) =>
  Array.isArray(details.fields) ? details.fields.join(", ") : "";

/** What happened, in plain words: "Maria Lopez signed out a visitor (staff)". */
export function describeEntry(entry: AuditEntry): string {
  const who = actorName(entry.actor);
  const d = entry.details;
  const place = entry.location?.name ?? text(d.name);
  switch (entry.action) {
    case "visit.sign_in":
      // A phone's sign-in is the visitor's own, at the door's poster.
      return d.SignedInFrom === "phone"
        ? "A visitor signed in on their own phone"
        : `${who} signed in a visitor`;
    case "visit.sign_out":
      if (d.by === "auto") return "Automatic sign-out";
      // Only a phone at the door signs its visitor out with no one logged in.
      if (d.by === "visitor" && entry.actor.kind === "system")
        return "A visitor signed out on their own phone";
      return d.by === "staff"
        ? `${who} signed out a visitor (staff)`
        : `${who} signed out a visitor`;
    case "visit.update":
      return `${who} corrected a visit (${fields(d)})`;
    case "visit.delete":
      return `${who} deleted a visit`;
    case "location.create":
      return `${who} created the location '${place}'`;
    case "location.update":
      return `${who} changed the location '${place}' (${fields(d)})`;
    case "location.door_code":
      return `${who} made a new door code for '${place}' (old posters stop working)`;
    case "location.delete":
      return `${who} ${d.archived ? "archived" : "deleted"} the location '${place}'`;
    case "program.create":
      return `${who} created the program '${text(d.name)}'`;
    case "program.update":
      return `${who} changed the program '${text(d.name)}' (${fields(d)})`;
    case "program.delete":
      return `${who} ${d.archived ? "archived" : "deleted"} the program '${text(d.name)}'`;
    case "question.create":
      return `${who} added the question '${text(d.label)}'`;
    case "question.update":
      return `${who} changed the question '${text(d.label)}' (${fields(d)})`;
    case "question.retire":
      return `${who} retired the question '${text(d.label)}'`;
    case "user.invite":
      return `${who} invited ${text(d.email)}`;
    case "user.deactivate":
      return `${who} deactivated ${text(d.email)}`;
    case "user.reactivate":
      return `${who} reactivated ${text(d.email)}`;
    case "user.make_admin":
      return `${who} made ${text(d.email)} an administrator`;
    case "user.remove_admin":
      return `${who} removed ${text(d.email)} as administrator`;
    case "user.change_email":
      return `${who} changed the email of ${text(d.email)} to ${text(d.newEmail)}`;
    case "user.set_password":
      return `${who} set a new password for ${text(d.email)}`;
    case "tablet.setup":
      return `${who} set up a tablet at '${place}'`;
    case "tablet.disconnect":
      return `${who} disconnected tablet #${entry.subject?.id} at '${place}'`;
    case "settings.update":
      return `${who} changed how long visitors' details are kept`;
    case "retention.run":
      return `${who === "Automatic" ? "Automatic erasure" : `${who} erased old visitors' details`}: ${Number(d.erased ?? 0)} visits`;
    case "visitor.export":
      return `${who} exported one visitor's visits`;
    case "visitor.forget":
      return `${who} erased one visitor's details (${Number(d.erased ?? 0)} visits)`;
    case "visitor.lookup": {
      const lookups = Number(d.lookups ?? 0);
      return `${who} looked up returning visitors ${lookups} time${lookups === 1 ? "" : "s"} on ${text(d.day)}`;
    }
  }
}

const subjectNames: Record<string, string> = {
  visit: "Visit",
  location: "Location",
  program: "Program",
  question: "Question",
  user: "User",
  tablet: "Tablet",
};

/** What the entry names, for looking it up: "Visit #1042"; an invite by its email (in What). */
export function subjectLabel(entry: AuditEntry): string {
  const subject = entry.subject;
  if (!subject || subject.id === null) return "—";
  return `${subjectNames[subject.type] ?? subject.type} #${subject.id}`;
}
