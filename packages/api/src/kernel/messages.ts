/**
 * Every sentence the API says to a person about a request, each once, by its key. An error body
 * carries the English sentence (scripts match on these words), its key and the values put in
 * (`{"message": "Name is required", "key": "required", "values": {"label": "Name"}}`); the staff
 * app and the kiosk say it in their reader's language by the key (`serverMessages.<key>` in the
 * staff catalogues; the kiosk's name the answers' messages by the key itself). A value called
 * `label` or `thing` names a field or a record, and is itself translated where the catalogue
 * knows it.
 */

export type MessageValues = Record<string, string | number>;
/** A message as an error body carries it: the English, its key and the values put in. */
export interface KeyedMessage {
  message: string;
  key: string;
  values: MessageValues;
}

/** Each template's key, filled in as each group is made (a group a page never uses is left out of its bundle). */
const keyOfTemplate = new Map<string, string>();

function keyed<const Group extends Record<string, string>>(prefix: string, group: Group): Group {
  for (const [name, template] of Object.entries(group)) keyOfTemplate.set(template, prefix + name);
  return group;
}

/** Any field's. */
export const fieldMessages = /* @__PURE__ */ keyed("", {
  required: "{label} is required",
  tooLong: "{label} is too long",
  atMostMonths: "At most {months} months",
  invalid: "{label} is invalid",
  controlCharacters: "Must not contain control characters",
  unicode: "Must be valid Unicode text",
  nameCharacters:
    "Must not contain invisible characters, text-direction controls or line separators",
  wholeNumberId: "Must be a whole number written in digits",
  isoDateTime: "Must be an ISO date and time",
  unknownTimeZone: "Unknown time zone",
  validationFailed: "Validation failed",
} as const);

/** Who may do what, and requests refused as a whole. */
export const accessMessages = /* @__PURE__ */ keyed("", {
  loggedOut: "You must be logged in",
  notAllowed: "You are not allowed to do this",
  notFound: "{thing} not found",
  adminsOnly: "Only administrators can do this",
  networkAdminsOnly: "Only network administrators can do this",
  notYourSite: "You can only give access to the locations you administer",
  ownAccountOnly: "You can only see and edit your own account",
  ownTokensOnly: "You can only revoke your own tokens",
  everyonesTokensAdminsOnly: "Only administrators can list everyone's tokens",
  tokenCannotManageTokens: "An API token cannot create or revoke API tokens: use the web app",
  tokenCannotChangeLogin: "An API token cannot change a password or an email: use the web app",
  tokenRevoked: "Invalid or revoked API token",
  cannotDeactivateSelf: "You cannot deactivate your own account",
  otherLocationTablet: "This tablet belongs to another location",
  tabletDisconnected: "This tablet was disconnected",
  xsrf: "Missing or invalid X-XSRF-TOKEN header",
  tooManyAttemptsOneMinute: "Too many attempts. Please try again in 1 minute.",
  tooManyAttempts: "Too many attempts. Please try again in {minutes} minutes.",
  internal: "Internal server error",
  databaseUnreachable: "The database cannot be reached just now. Please try again in a moment.",
} as const);

/**
 * Requests refused before any feature reads them (an unknown route, a body that cannot be read),
 * and the keys of words that are not ours, kept as they came: the web server's own
 * (`requestRefused`: Fastify's, tRPC's) and zod's (`invalidInput`: a value of the wrong type,
 * which no form sends). Apart from the others, as no page checks a request this way.
 */
export const requestMessages = /* @__PURE__ */ keyed("", {
  routeNotFound: "Not found",
  jsonTooDeep: "The JSON body is nested more than {levels} levels deep",
  unsupportedContentType: 'Unsupported content-type "{type}"',
  requestRefused: "The request was refused",
  invalidInput: "Invalid input",
} as const);

/** Logins, passwords, invites. */
export const accountMessages = /* @__PURE__ */ keyed("", {
  emailInvalid: "Email is invalid",
  emailTaken: "Email already registered",
  emailNotFound: "Email not found",
  password: "Minimum eight characters, at least one letter and one number",
  passwordsDiffer: "Passwords do not match",
  invalidLogin: "Invalid email and/or password.",
  reauthenticate: "Enter your current password to change your email or password",
  wrongCurrentPassword: "Current password is incorrect",
  resetLinkInvalid: "This password reset link is invalid",
  resetLinkExpired: "This password reset link has expired",
  resetLinkUsed: "This password reset link has already been used",
  inviteAccepted: "This invite has already been accepted",
  inviteRevoked: "This invite is no longer available",
} as const);

/** Locations, programs, their doors. */
export const catalogMessages = /* @__PURE__ */ keyed("", {
  kioskSeconds: "Use whole seconds from {min} to {max}",
  timeOfDay: "Use a time like 21:00",
  maximumStayAtMost: "Maximum stay is at most {hours} hours",
  maximumStayAtLeast: "Maximum stay is at least one minute",
  noSuchLocation: "No such location",
  noSuchProgram: "No such program",
  maximumStay: "Maximum stay must be more than zero",
  doorCode: "Not a door code",
  visitToken: "Not a visit token",
  doorOffHere:
    "Visitors may not sign in on their own phone here: turn it on in the location's settings first",
  programNameTaken: "A program named “{name}” already exists: give this one another name",
} as const);

/** Sign-ins and their corrections. */
export const visitMessages = /* @__PURE__ */ keyed("", {
  requiredField: "This is required!",
  phone: "Phone number must be 10 digits",
  temperatureFormat: "Temperature must be a non-negative number",
  timeIn: "TimeIn must be a date and time like 2026-11-21T09:00:00Z",
  date: "Use a date like 2026-11-21",
  timeInFuture: "TimeIn is in the future: check the tablet's clock",
  timeInTooOld: "TimeIn is more than 24 hours old: sign the visitor in again",
  questionsChanged: "The questions changed while this sign-in was sent: please send it again",
  programNotOffered: "Program is not offered at this location",
  temperatureRequired: "Temperature is required at this location",
  alreadySignedIn: "This phone number is already signed in here",
  erasedVisit: "This visit's personal details were erased and cannot be filled in again",
  tooManyAnswers: "Too many answers",
} as const);

/** Intake questions. */
export const questionMessages = /* @__PURE__ */ keyed("", {
  requiredInEnglish: "{label} in English is required",
  wholeMonths: "Months must be a whole number",
  atLeastOneMonth: "At least one month",
  choiceId: "A choice's id is 1 to 40 letters, digits, - or _",
  atMostChoices: "At most {count} choices",
  giveAChoice: "Give at least one choice",
  choicesOnlyForChoice: "Only a choice question has choices",
  choiceIdsDiffer: "Each choice needs an id of its own",
  rangeOnlyForNumber: "Only a number has a range",
  maxBelowMin: "Max must be at least Min",
  boundRange: "Use a number from {min} to {max}",
  setMax: "Without a Max, answers stop at {max}: set one too",
  setMin: "Without a Min, answers start at {min}: set one too",
  reaskOnlyRemembered: "Only a question remembered for each visitor is asked again",
} as const);

/** Reports' periods and filters. */
export const reportMessages = /* @__PURE__ */ keyed("", {
  toBeforeFrom: "To must be on or after From",
  atMostDays: "At most {days} days",
  atMostDaysByDay: "At most {days} days by day",
  auditActions: "Use one or more of {actions}, separated by commas",
  fiscalYearMonth: "Use a month from 1 (January) to 12 (December)",
  ageBands:
    "Use age bands like 0-17,18-64,65-: from 0, each starting where the one before ends, ages up to 130, the last open",
  presetNameTaken: "A report preset with this name exists already",
  unknownPreset: "No such report preset",
  month: "Use a month written YYYY-MM",
} as const);

/** Settings and backups. */
export const adminMessages = /* @__PURE__ */ keyed("", {
  daysAtLeast: "Days must be at least {min}",
  daysAtMost: "Days must be at most {max}",
  wholeDays: "Days must be a whole number",
  daysWithFiscalYear: "No number of days when kept by the fiscal year",
  backupFailed: "The backup failed: {reason}",
} as const);

/** Pictures and logos. */
export const fileMessages = /* @__PURE__ */ keyed("", {
  fileType: "File type must be image/jpeg, image/png, image/webp or image/gif",
  fileEmpty: "File is empty",
  fileTooLarge: "File is larger than {bytes} bytes",
  tooManyUploads:
    "Too many files: {count} uploads are waiting to be saved as a picture or logo; save one, or try again tomorrow",
  uploadLinkInvalid: "Upload link is invalid",
  uploadLinkExpired: "Upload link has expired",
  alreadyUploaded: "File has already been uploaded",
  uploadSizeDiffers: "File is {size} bytes but {registered} were registered",
  uploadTypeDiffers: "File content is not {type}",
  uploadedBySomeoneElse: "{label} was uploaded by someone else; upload it yourself",
  notUploaded: "{label} has not been uploaded",
  fileInUse: "{label} is already in use; upload it again",
} as const);

/** Webhook endpoints. */
export const webhookMessages = /* @__PURE__ */ keyed("", {
  webhookUrl: "Must be a URL such as https://hooks.example.org/sign-ins",
  webhookCredentials: "Must not carry a user name or password",
  webhookHttps:
    "Must start with https:// (plain http only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true)",
  webhookPrivate: "Refused: {reason} (allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true)",
  webhookUnreachable: "Cannot be reached: {reason}",
  webhookEventsOneOf: "Must be one of {events}",
  webhookEvents: "Choose at least one event",
  tooManyLocations: "Too many locations",
} as const);

/** Tickets, labels and the network label printer. */
export const labelMessages = /* @__PURE__ */ keyed("", {
  printerHost: "Must be a printer's IP address or host name",
  printerPort: "A port is a whole number from 1 to 65535",
  printerPublic:
    "A label printer must be on the site's own network (a private or loopback address): {host} is {address}, a public address",
  printerLinkLocal:
    "Refused: {host} is {address}, a link-local address; give the printer an address on the site's network",
  printerMetadata: "Refused: {host} is a cloud metadata address",
  printerReserved: "Refused: {host} is {address}, a reserved or carrier address",
  printerUnresolved: "{host} does not resolve to an address",
  noLabelPrinter: "This location has no label printer",
} as const);

/** Staff's own e-mail alerts. */
export const alertMessages = /* @__PURE__ */ keyed("", {
  tooManyAlerts: "At most {count} alerts",
} as const);

/** Roll calls. */
export const rollCallMessages = /* @__PURE__ */ keyed("", {
  rollCallOpen: "A roll call is already open at this location",
  rollCallEnded: "This roll call has ended",
} as const);

/** A sign-in's signature. */
export const signatureMessages = /* @__PURE__ */ keyed("", {
  signatureFormat:
    "Send the signature as a data: URL of a PNG or SVG image (data:image/png;base64,…)",
  signatureTooBig: "A signature is at most {kb} KB",
  signatureNotImage: "The signature is not a PNG or SVG image",
  signatureUnsafe:
    "An SVG signature may hold drawing alone: no scripts, embedded content, styles or links",
  signatureRequired: "This program asks for a signature: sign, or say you would rather not",
  signatureOrDeclined: "Send a signature or SignatureDeclined, not both",
} as const);

/** Households and the parties they sign in. */
export const householdMessages = /* @__PURE__ */ keyed("", {
  householdSize: "Size is a whole number from 1 to 50",
  partySize: "Party size is a whole number from 1 to 50",
  sizeBelowMembers: "Size must be at least the {count} members listed",
  partyBelowMembers: "Party size must be at least the {count} members who came",
  notHouseholdMembers: "Only members of the visitor's household can be listed",
  memberCount: "List from 1 to 50 members",
  birthDateFuture: "Birth date must not be in the future",
  memberOfAnotherHousehold: "This member belongs to another household",
  phoneOfAnotherHousehold: "This phone number belongs to a member of another household",
  phoneTwice: "Each member needs a phone number of their own",
  unknownEligibilityBasis: "No such basis of eligibility",
  visitLimitCount: "At most a whole number of visits from 1 to 100",
  visitLimitPer: "Use month, week or days",
  visitLimitDays: "A number of days from 1 to 366",
  notWaiting: "This visit is not waiting for staff",
  mergeWithItself: "A household cannot be merged with itself",
  noSuchHousehold: "No such household",
  alreadyInHousehold: "This member is in that household already",
  lastMember: "A household keeps one member at least: merge the households instead",
  tooManyMembers: "A household has at most 50 members",
} as const);

/** The line: numbers called to desks, and the now-serving screen. */
export const queueMessages = /* @__PURE__ */ keyed("queue.", {
  nobodyWaiting: "Nobody is waiting",
  notWaiting: "This number is not waiting to be called",
  notCalled: "This number has not been called, or was marked already",
  unknownScreen: "This screen's link is not known — please ask a staff member",
} as const);

/** An answer to an intake question (questions/answers-schema.ts), key `answer.<name>`. */
export const answerRuleMessages = /* @__PURE__ */ keyed("answer.", {
  consent: "Please agree to continue",
  notAsked: "This question is not asked here",
  text: "Must be text",
  number: "Must be a number",
  yesno: "Must be yes or no",
  choice: "Pick one of the choices",
  choices: "Pick from the choices",
  zip: "A ZIP code is 5 digits, or 5 and 4 (12345-6789)",
  tooLong: "Answer is too long",
  min: "Must be at least {limit}",
  max: "Must be at most {limit}",
} as const);

/** A door's poster, for a visitor's own phone, key `door.<name>`. */
export const doorMessages = /* @__PURE__ */ keyed("door.", {
  unknown: "This link is not known — please ask a staff member",
  replaced: "This poster is out of date — please ask a staff member",
  switchedOff: "Signing in on your own phone is switched off here — please ask a staff member",
} as const);

type Prefixed<Prefix extends string, Group> = {
  [Name in keyof Group & string as `${Prefix}${Name}`]: Group[Name];
};
const prefixed = <Prefix extends string, Group extends Record<string, string>>(
  prefix: Prefix,
  group: Group,
) =>
  Object.fromEntries(
    Object.entries(group).map(([name, template]) => [prefix + name, template]),
  ) as Prefixed<Prefix, Group>;

/**
 * Every message by its key (`serverMessages.<key>` in the staff catalogues). Kept in groups above
 * so that a page (the kiosk's) carries only the groups its schemas use; marked pure, since a
 * spread may run getters and a bundler would otherwise keep every group.
 */
export const messageTemplates = /* @__PURE__ */ (() => ({
  ...fieldMessages,
  ...accessMessages,
  ...requestMessages,
  ...accountMessages,
  ...catalogMessages,
  ...visitMessages,
  ...questionMessages,
  ...reportMessages,
  ...adminMessages,
  ...fileMessages,
  ...webhookMessages,
  ...alertMessages,
  ...labelMessages,
  ...rollCallMessages,
  ...householdMessages,
  ...signatureMessages,
  ...prefixed("answer.", answerRuleMessages),
  ...prefixed("door.", doorMessages),
  ...prefixed("queue.", queueMessages),
}))();

export type MessageKey = keyof typeof messageTemplates;

const placeholder = /\{(\w+)\}/g;

const fill = (template: string, values: MessageValues) =>
  template.replace(placeholder, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );

/**
 * A message with its key, for a sentence whose values come from a request (a name, a reason, a
 * size): the error carries its key itself, and the sentence is not kept as say's are.
 */
export function said(template: string, values: MessageValues = {}): KeyedMessage {
  return { message: fill(template, values), key: keyOfTemplate.get(template) ?? "", values };
}

/** The sentences say() has made, with their keys: a schema's, a rule's, a constant's. */
const spoken = new Map<string, { key: string; values: MessageValues }>();

/**
 * A message in English, its values put in: `say(fieldMessages.required, { label: "Name" })`. The
 * sentence is kept with its key, so that an error that carries only the words (a schema's, in
 * zod's issues) is given its key by `keyOf`. Values from a request go through `said` instead.
 */
export function say(template: string, values: MessageValues = {}): string {
  const message = fill(template, values);
  const key = keyOfTemplate.get(template);
  if (key !== undefined && !spoken.has(message)) spoken.set(message, { key, values });
  return message;
}

/** A key's sentence in English, its values put in, as the API says it. */
export const englishOf = (key: MessageKey, values: MessageValues = {}) =>
  fill(messageTemplates[key], values);

/** The key and values of a sentence say() made, looked up as said; undefined for any other words. */
export function keyOf(message: string): { key: string; values: MessageValues } | undefined {
  return spoken.get(message);
}
