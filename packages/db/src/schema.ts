import type { ColumnType, Generated, Selectable } from "kysely";

// Read back as Date; written as Date or left to the column's default.
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface UsersTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  picture_file_id: number | null;
  is_admin: Generated<boolean>;
  /** Set while an admin has deactivated the user: no login, no session, no token. */
  deactivated_at: Date | null;
  /** "en" or "es", the person's choice; null follows their browser. */
  language: "en" | "es" | null;
  /** Whether they get the daily summary e-mail at 7 a.m. in their locations' zones. */
  daily_summary: Generated<boolean>;
  /** Staff at every location, later ones included, until their access is narrowed (migration 0046). */
  staff_of_every_location: Generated<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type LocationRole = "staff" | "admin";

/** A user's role at one location; a role here overrides staff_of_every_location's there. */
export interface LocationAccessTable {
  user_id: number;
  location_id: number;
  role: LocationRole;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token, hex: a leaked table cannot be replayed. */
  id: string;
  user_id: number;
  expires_at: Timestamp;
  created_at: DefaultTimestamp;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  created_at: DefaultTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface InvitesTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  /** The e-mail's language ("en", "es"), and the new account's; null: English, then the browser's. */
  language: "en" | "es" | null;
  created_by_user_id: number | null;
  accepted_by_user_id: number | null;
  revoked_by_user_id: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  accepted_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  /** The new user's locations and roles; null: staff of every location. */
  access: ColumnType<
    { locationId: number; role: LocationRole }[] | null,
    string | null | undefined,
    string | null
  >;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface LocationsTable {
  id: Generated<number>;
  name: string;
  address: string;
  /** Set instead of deleting once visits point here, so history stays in reports. */
  archived_at: NullableTimestamp;
  /** Whether the sign-in asks visitors' temperatures (then required). */
  asks_temperature: Generated<boolean>;
  /** The unit the site's thermometers read: "F" or "C". */
  temperature_unit: Generated<TemperatureUnitCode>;
  logo_file_id: number | null;
  /** IANA zone the location's local times (automatic sign-out, the day) are read in. */
  time_zone: ColumnType<string, string | undefined, string>;
  /** Local time of day open visits are signed out, "HH:MM:SS"; null: never. */
  auto_sign_out_time: string | null;
  /** Open visits longer than this are signed out; null: no limit. */
  max_stay_minutes: number | null;
  /** The kiosk's waits, in seconds: an untouched sign-in form, the confirmation, an unanswered send. */
  idle_reset_seconds: Generated<number>;
  confirmation_seconds: Generated<number>;
  send_timeout_seconds: Generated<number>;
  /** Whether visitors may sign in on their own phone, through the location's door code. */
  self_sign_in: Generated<boolean>;
  /** How sign-ins wait their turn: no numbers, by arrival, or a lottery for those before `lottery_at`. */
  queue: Generated<QueueMode>;
  /** Local time of day the lottery draws, "HH:MM:SS"; null: no draw. */
  lottery_at: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type LabelSize = "62x29mm" | "2.25x1.25in" | "letter";

/** A location's tickets: the page size the browser prints on, and a network label printer. */
export interface LocationLabelsTable {
  location_id: number;
  size: Generated<LabelSize>;
  /** Null, with host and port: no network printer. */
  printer_kind: "zpl" | null;
  printer_host: string | null;
  printer_port: number | null;
}

/** A visit's latest label sent to a network printer. */
export interface LabelPrintsTable {
  visit_id: number;
  state: LabelPrintState;
  /** Which print of the visit this is, from 1. */
  attempt: Generated<number>;
  /** Why it failed, in the words of the connection (refused, timed out). */
  error: string | null;
  requested_at: Timestamp;
  finished_at: NullableTimestamp;
}

export type LabelPrintState = "sending" | "printed" | "failed";

export type QueueMode = "off" | "arrival" | "lottery";

export type TemperatureUnitCode = "F" | "C";
export type SignOutKind = "visitor" | "staff" | "auto";

export interface ProgramsTable {
  id: Generated<number>;
  name: string;
  /** Its name in Spanish, for visitors reading Spanish; null: `name` in both languages. */
  name_es: string | null;
  /** Its sign-in takes a household's party (its size, who came), not one person. */
  signs_in_household: Generated<boolean>;
  /** Its sign-in asks the visitor to sign (or say they would rather not). */
  asks_signature: Generated<boolean>;
  /** Its visits have a line of their own at each location, numbered apart from the others'. */
  own_queue: Generated<boolean>;
  /** How often a household may come; null: no limit. */
  visit_limit: ColumnType<VisitLimit | null, string | null | undefined, string | null>;
  /** The location whose own program it is, offered there alone; null: the network's. */
  location_id: ColumnType<number | null, number | null | undefined, never>;
  archived_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface LocationProgramsTable {
  location_id: number;
  program_id: number;
  /** Tab order of the program on that location's sheet, from 0. */
  position: number;
}

export interface VisitsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  phone_number: string;
  /** Null where the location does not ask (asks_temperature); "" once erased. */
  temperature: string | null;
  time_in: DefaultTimestamp;
  time_out: NullableTimestamp;
  /** Who ended the visit; null while open (and on visits closed before this was recorded). */
  signed_out_by: SignOutKind | null;
  location_id: number;
  program_id: number;
  /**
   * HMAC-SHA256 of the phone with the install's secret, written by a trigger; kept when the phone
   * is erased, so unduplicated counts stay exact. Null on visits erased before it existed.
   */
  visitor_key: Generated<Buffer | null>;
  /** Answers to the intake questions, each with the words it was asked with; {} once erased. */
  answers: ColumnType<StoredAnswers, string | undefined, string>;
  /** When the visitor's names, phone and temperature were blanked (retention, or a request to be forgotten). */
  erased_at: NullableTimestamp;
  /** Where the visit was signed in: a tablet, a visitor's own phone (the door), or staff. */
  signed_in_from: Generated<SignedInFrom>;
  /**
   * A phone's sign-in with a number used before, without proof that the phone is that person's:
   * counted, but its names and answers are not remembered for the number, and it is not the
   * number's one open visit.
   */
  unproven: Generated<boolean>;
  /** The visitor's household, for a program that signs in households; null otherwise. */
  household_id: number | null;
  /** How many people the sign-in brought (1 for one person). */
  party_size: Generated<number>;
  /** Which of the household's members came, when the visitor said; null when not said. */
  household_member_ids: number[] | null;
  /** Past the program's visit limit a visit waits for staff, who approve or decline it; null: within it ("ok"). */
  eligibility: Exclude<Eligibility, "ok"> | null;
  eligibility_reason: string | null;
  eligibility_decided_by: number | null;
  eligibility_decided_at: NullableTimestamp;
  /** Signed (its image in visit_signatures) or declined; null where no signature was asked or given. */
  signed: "yes" | "declined" | null;
  /**
   * 8 bytes of the SHA-256 of the Idempotency-Key that wrote the visit (with its caller's name),
   * read with the phone for a retry within the window; null without one.
   */
  idempotency_key: Buffer | null;
  /** The visit's number in its location's line that day; null where the queue is off. */
  queue_number: Generated<number | null>;
  /** The program whose own line numbered it; null: the location's shared line (or no number). */
  queue_line: Generated<number | null>;
  /** Its place in the lottery's order, for those the draw ordered; null for everyone else. */
  queue_place: Generated<number | null>;
  /** When staff called it, and to which desk. */
  called_at: Generated<Date | null>;
  called_to: Generated<string | null>;
  served_at: Generated<Date | null>;
  /** Called, and not there. */
  no_show_at: Generated<Date | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type SignedInFrom = "tablet" | "phone" | "staff";
export type Eligibility = "ok" | "waiting" | "approved" | "declined";
/** At most `count` visits per calendar month or week in the location's zone, or per `days` days. */
export interface VisitLimit {
  count: number;
  per: "month" | "week" | "days";
  days: number | null;
  acrossLocations: boolean;
}

/** A location's door codes: the current one (replaced_at null) and those it replaced. */
export interface DoorCodesTable {
  code: string;
  location_id: number;
  created_at: DefaultTimestamp;
  replaced_at: NullableTimestamp;
}

/** The last number a location gave on a local day. */
export interface QueueDaysTable {
  location_id: number;
  day: string;
  /** The program whose own line this is; 0: the location's shared line. */
  line: Generated<number>;
  last_number: number;
}

/** A lottery's draw: its seed and the visits it ordered (ids ascending), once per location and day. */
export interface QueueDrawsTable {
  location_id: number;
  day: string;
  seed: string;
  visit_ids: number[];
  drawn_at: Date;
}

/** A now-serving screen's code. */
export interface QueueScreensTable {
  code: string;
  location_id: number;
  created_at: Date;
}

/** A phone's visit, found by the hash of the secret the phone keeps. */
/** A visit's signature image, written only with a sign-in that carries one. */
export interface VisitSignaturesTable {
  visit_id: number;
  content_type: "image/png" | "image/svg+xml";
  image: Buffer;
}

export interface DoorVisitsTable {
  token_hash: string;
  visit_id: number;
}

export type QuestionKind =
  "text" | "number" | "yesno" | "choice" | "choices" | "date" | "zip" | "consent";
/** Words in both of the apps' languages. */
export interface Bilingual {
  en: string;
  es: string;
}
export interface QuestionChoice {
  id: string;
  Label: Bilingual;
}
type Json<T> = ColumnType<T, string, string>;

/** A question a site asks at sign-in; retired, never deleted, once it may have answers. */
export interface QuestionsTable {
  id: Generated<number>;
  kind: QuestionKind;
  label: Json<Bilingual>;
  help: ColumnType<Bilingual, string | undefined, string>;
  required: Generated<boolean>;
  /** For choice and choices: the options, each with an id its answers keep. */
  choices: ColumnType<QuestionChoice[], string | undefined, string>;
  /** A number's bounds, inclusive; null: none. */
  min: number | null;
  max: number | null;
  /** The programs that ask it; empty: every program. */
  program_ids: ColumnType<number[], string | undefined, string>;
  /** "visit": asked at every sign-in; "visitor": remembered by phone number. */
  ask_every: ColumnType<"visit" | "visitor", "visit" | "visitor" | undefined>;
  /** A remembered answer is asked again once this many months old; null: never. */
  reask_after_months: number | null;
  /** Raised by every change (bigint, read as text): answers are checked against one revision. */
  revision: ColumnType<string, never, string>;
  /** Order among the live questions, from 0. */
  position: number;
  /**
   * The location whose own question it is, asked there alone; null: the network's. A network
   * admin may move it.
   */
  location_id: ColumnType<number | null, number | null | undefined, number | null>;
  retired_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A visit's answers as kept: each with a copy of its question's words when it was answered. */
export type StoredAnswers = Record<
  string,
  { value: string | number | boolean | string[]; Label: Bilingual; Choices: QuestionChoice[] }
>;

/**
 * What the funder summary counts of one answer, one row per visit and question, written by
 * triggers on visits (migration 0026) and kept when the visit is erased.
 */
export interface AnswerFiguresTable {
  visit_id: number;
  question_id: number;
  visitor_key: Buffer | null;
  location_id: number;
  program_id: number;
  time_in: Date;
  /** A choice id, 'true'/'false', a ZIP5 or an age; null for text or a number; each pick of several. */
  buckets: Array<string | null>;
  /** Numeric, read as text. */
  number: string | null;
}

export interface FilesTable {
  id: Generated<number>;
  key: string;
  filename: string;
  content_type: string;
  byte_size: number;
  checksum: string | null;
  created_by_user_id: number | null;
  uploaded_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface TabletsTable {
  id: Generated<number>;
  location_id: number;
  token_hash: string;
  created_by_user_id: number | null;
  created_at: DefaultTimestamp;
  last_seen_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

export type RetentionRule = "days" | "federal_fiscal_year";

/** The one row of instance-wide settings. */
export interface SettingsTable {
  id: Generated<number>;
  /** Visitors' details are erased from visits older than this; null keeps them. */
  erase_after_days: number | null;
  /**
   * 'federal_fiscal_year': details kept until three years after the federal fiscal year of the
   * visit closes, erase_after_days null (migration 0056_fiscal_year_retention).
   */
  retention_rule: ColumnType<RetentionRule, RetentionRule | undefined, RetentionRule>;
  retention_ran_at: NullableTimestamp;
  /** The pads of the install's visitor-key secret (migration 0019_visitor_keys). */
  visitor_key_inner: Buffer | null;
  visitor_key_outer: Buffer | null;
  /** When an admin last saved the retention setting (keeping details for good included). */
  retention_chosen_at: NullableTimestamp;
  /** When an admin put the dashboard's "get set up" list away, for good. */
  setup_dismissed_at: NullableTimestamp;
  /** The password hash the demo data gave its admin; null without demo data. */
  demo_password_hash: string | null;
  /** The month (1-12) the fiscal year starts in, for the reports' shortcuts. */
  fiscal_year_start_month: Generated<number>;
  updated_at: DefaultTimestamp;
}

export type AuditActor = "user" | "tablet" | "system";

export interface AuditLogTable {
  id: Generated<number>;
  at: DefaultTimestamp;
  actor: AuditActor;
  user_id: number | null;
  tablet_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: number | null;
  location_id: number | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

/** An endpoint that receives visits' events, signed with its secret (Standard Webhooks). */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  /** Event types it receives: visit.signed_in, visit.signed_out, visit.updated, visit.deleted. */
  events: Json<string[]>;
  /** Locations whose events it receives; empty: all. */
  location_ids: ColumnType<number[], string | undefined, string>;
  /**
   * The location whose own webhook it is, hearing that location alone; null: the network's. A
   * network admin may move it.
   */
  location_id: ColumnType<number | null, number | null | undefined, number | null>;
  include_personal_details: Generated<boolean>;
  enabled: Generated<boolean>;
  /** whsec_<base64 key>. */
  secret: string;
  /** The first failed attempt since its last success; null while it succeeds. */
  failing_since: NullableTimestamp;
  /** Set when 3 days of failures paused it; cleared when resumed. */
  paused_for_failures_at: NullableTimestamp;
  /** After a failed round of attempts: its deliveries wait until then. */
  retry_after: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** One event, written by a trigger on visits in the statement that made the change. */
export interface WebhookEventsTable {
  id: Generated<string>;
  /** The webhook-id header: the same on every attempt of every endpoint. */
  message_id: string;
  type: string;
  visit_id: number | null;
  location_id: number | null;
  data: Json<Record<string, unknown>>;
  created_at: DefaultTimestamp;
}

/** An event the visits' trigger wrote whose deliveries and alerts are not yet written (the fan-out's). */
export interface WebhookFanOutsTable {
  event_id: string;
}

export type WebhookDeliveryState = "pending" | "delivered" | "failed";

/** One event to one endpoint, until delivered or given up. */
export interface WebhookDeliveriesTable {
  id: Generated<string>;
  event_id: string;
  endpoint_id: number;
  state: ColumnType<WebhookDeliveryState, WebhookDeliveryState | undefined>;
  attempts: Generated<number>;
  next_attempt_at: DefaultTimestamp;
  locked_until: NullableTimestamp;
  created_at: DefaultTimestamp;
  finished_at: NullableTimestamp;
}

/** Each attempt of a delivery, as an admin reads it. */
export interface WebhookAttemptsTable {
  id: Generated<string>;
  delivery_id: string;
  endpoint_id: number;
  attempt: number;
  at: Timestamp;
  /** The answer's HTTP status; null when there was none (time-out, refused, unreachable). */
  status: number | null;
  duration_ms: number;
  response: string;
}

/** A basis of eligibility an admin offers (SNAP, WIC…), in both languages. */
export interface EligibilityBasesTable {
  id: Generated<number>;
  label: ColumnType<Bilingual, string, string>;
  created_at: DefaultTimestamp;
}

/** A report preset: its name and the age bands its reports count individuals in ("0-17,18-64,65-"). */
export interface ReportPresetsTable {
  id: Generated<number>;
  name: string;
  age_bands: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A household: where it lives, how many it is, on what basis it is eligible. */
export interface HouseholdsTable {
  id: Generated<number>;
  /** "" once erased. */
  address_line1: Generated<string>;
  zip: Generated<string>;
  size: number;
  eligibility_basis_id: number | null;
  certified_at: NullableTimestamp;
  erased_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A member of a household; erasure blanks what names them and keeps the row, so counts stay. */
export interface HouseholdMembersTable {
  id: Generated<number>;
  household_id: number;
  first_name: string;
  last_name: string;
  /** Finds the household (one member per number); null when none, or erased. */
  phone_number: string | null;
  /** YYYY-MM-DD. */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  relationship: string | null;
  erased_at: NullableTimestamp;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A roll call at a location: open while ended_at is null (one at a time), or a drill's record. */
export interface RollCallsTable {
  id: Generated<number>;
  location_id: number;
  drill: Generated<boolean>;
  started_at: Timestamp;
  started_by: number | null;
  ended_at: NullableTimestamp;
  ended_by: number | null;
}

/** A person on a roll call: signed in when it started (visit_id), or added by staff (null). */
export interface RollCallPeopleTable {
  id: Generated<number>;
  roll_call_id: number;
  visit_id: number | null;
  /** Blanked by retention (erased_at set). */
  name: string;
  program: string | null;
  erased_at: NullableTimestamp;
}

/** A mark on a roll call: a person marked safe, or that undone (`safe` false). Never changed. */
export interface RollCallMarksTable {
  id: Generated<number>;
  roll_call_id: number;
  person_id: number;
  safe: boolean;
  /** When it was made on the device, which may be before it reached the server (queued offline). */
  marked_at: Timestamp;
  /** When it reached the server: after the roll call ended, for a mark made before it offline. */
  received_at: Timestamp;
  marked_by: number | null;
  /** The device's own name for itself, when it said. */
  device: string | null;
}

/** A view: each person on a roll call with their latest mark (none: not safe, never marked). */
export interface RollCallStatesView {
  id: number;
  roll_call_id: number;
  visit_id: number | null;
  name: string;
  program: string | null;
  erased_at: NullableTimestamp;
  safe: boolean;
  marked_at: NullableTimestamp;
  marked_by: number | null;
}

/** "Email me when someone signs in for this program at this location." */
export interface StaffAlertSubscriptionsTable {
  user_id: number;
  location_id: number;
  program_id: number;
}

/** A view: who gets an alert of which event (a sign-in's subscribers still active). */
export interface StaffAlertRecipientsView extends StaffAlertSubscriptionsTable {
  event_type: string;
}

/** A sign-in (its webhook event) waiting to be mailed to one recipient. */
export interface StaffAlertsTable {
  id: Generated<string>;
  event_id: string;
  user_id: number;
  created_at: DefaultTimestamp;
  locked_until: NullableTimestamp;
}

/** One user's daily summary of one zone's locations for one day: its row makes it once. */
export interface StaffDailySummariesTable {
  user_id: number;
  time_zone: string;
  /** The day summarised, YYYY-MM-DD in time_zone. */
  day: ColumnType<string, string, string>;
  locked_until: NullableTimestamp;
  /** When it was sent, or found to have no visits to send. */
  done_at: NullableTimestamp;
  /** The day's visits; 0: nothing was sent. */
  visits: number | null;
}

export interface Database {
  users: UsersTable;
  location_access: LocationAccessTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  invites: InvitesTable;
  password_resets: PasswordResetsTable;
  locations: LocationsTable;
  programs: ProgramsTable;
  location_programs: LocationProgramsTable;
  location_labels: LocationLabelsTable;
  label_prints: LabelPrintsTable;
  visits: VisitsTable;
  questions: QuestionsTable;
  answer_figures: AnswerFiguresTable;
  files: FilesTable;
  tablets: TabletsTable;
  rate_limits: RateLimitsTable;
  settings: SettingsTable;
  audit_log: AuditLogTable;
  door_codes: DoorCodesTable;
  door_visits: DoorVisitsTable;
  visit_signatures: VisitSignaturesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_fan_outs: WebhookFanOutsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  roll_calls: RollCallsTable;
  roll_call_people: RollCallPeopleTable;
  roll_call_marks: RollCallMarksTable;
  roll_call_states: RollCallStatesView;
  staff_alert_recipients: StaffAlertRecipientsView;
  staff_alert_subscriptions: StaffAlertSubscriptionsTable;
  staff_alerts: StaffAlertsTable;
  staff_daily_summaries: StaffDailySummariesTable;
  eligibility_bases: EligibilityBasesTable;
  report_presets: ReportPresetsTable;
  households: HouseholdsTable;
  household_members: HouseholdMembersTable;
  queue_days: QueueDaysTable;
  queue_draws: QueueDrawsTable;
  queue_screens: QueueScreensTable;
}

export type User = Selectable<UsersTable>;
export type ReportPreset = Selectable<ReportPresetsTable>;
export type Location = Selectable<LocationsTable>;
export type Program = Selectable<ProgramsTable>;
/** A visit as the API reads it; its visitor_key is for counting only. */
export type Visit = Omit<Selectable<VisitsTable>, "visitor_key" | "idempotency_key">;
export type Invite = Selectable<InvitesTable>;
export type Question = Selectable<QuestionsTable>;
export type FileRow = Selectable<FilesTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type Household = Selectable<HouseholdsTable>;
export type HouseholdMember = Selectable<HouseholdMembersTable>;
export type VisitSignature = Selectable<VisitSignaturesTable>;
