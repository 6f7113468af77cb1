/**
 * Every sentence the API says to a person about a request, each once. The API answers in English
 * (scripts match on these words); the staff app finds a message's key and values with
 * `recogniseMessage` and says it in its reader's language (`serverMessages.<key>` in the staff
 * catalogues). A value called `label` or `thing` names a field or a record, and is itself
 * translated where the catalogue knows it.
 *
 * The kiosk and the door page say a visitor's messages (these, the answers' in
 * questions/answers-schema.ts, the door's) from their own catalogue.
 */
/** Any field's. */
export const fieldMessages = {
  required: "{label} is required",
  tooLong: "{label} is too long",
  invalid: "{label} is invalid",
  controlCharacters: "Must not contain control characters",
  unicode: "Must be valid Unicode text",
  nameCharacters:
    "Must not contain invisible characters, text-direction controls or line separators",
  wholeNumberId: "Must be a whole number written in digits",
  isoDateTime: "Must be an ISO date and time",
  unknownTimeZone: "Unknown time zone",
  validationFailed: "Validation failed",
} as const;

/** Who may do what, and requests refused as a whole. */
export const accessMessages = {
  loggedOut: "You must be logged in",
  notAllowed: "You are not allowed to do this",
  notFound: "{thing} not found",
  adminsOnly: "Only administrators can do this",
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
} as const;

/** Logins, passwords, invites. */
export const accountMessages = {
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
} as const;

/** Locations, programs, their doors. */
export const catalogMessages = {
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
} as const;

/** Sign-ins and their corrections. */
export const visitMessages = {
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
} as const;

/** Intake questions. */
export const questionMessages = {
  requiredInEnglish: "{label} in English is required",
  wholeMonths: "Months must be a whole number",
  atLeastOneMonth: "At least one month",
  choiceId: "A choice's id is 1 to 40 letters, digits, - or _",
  atMostMonths: "At most {months} months",
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
} as const;

/** Reports' periods and filters. */
export const reportMessages = {
  toBeforeFrom: "To must be on or after From",
  atMostDays: "At most {days} days",
  atMostDaysByDay: "At most {days} days by day",
  auditActions: "Use one or more of {actions}, separated by commas",
  fiscalYearMonth: "Use a month from 1 (January) to 12 (December)",
} as const;

/** Settings and backups. */
export const adminMessages = {
  daysAtLeast: "Days must be at least {min}",
  daysAtMost: "Days must be at most {max}",
  wholeDays: "Days must be a whole number",
  backupFailed: "The backup failed: {reason}",
} as const;

/** Pictures and logos. */
export const fileMessages = {
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
} as const;

/** Webhook endpoints. */
export const webhookMessages = {
  webhookUrl: "Must be a URL such as https://hooks.example.org/sign-ins",
  webhookCredentials: "Must not carry a user name or password",
  webhookHttps:
    "Must start with https:// (plain http only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true)",
  webhookPrivate: "Refused: {reason} (allowed only with WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true)",
  webhookUnreachable: "Cannot be reached: {reason}",
  webhookEventsOneOf: "Must be one of {events}",
  webhookEvents: "Choose at least one event",
  tooManyLocations: "Too many locations",
} as const;

/** Roll calls. */
export const rollCallMessages = {
  rollCallOpen: "A roll call is already open at this location",
  rollCallEnded: "This roll call has ended",
} as const;

/**
 * Every message by its key (`serverMessages.<key>` in the staff catalogues). Kept in groups above
 * so that a page (the kiosk's) carries only the groups its schemas use; marked pure, since a
 * spread may run getters and a bundler would otherwise keep every group.
 */
export const messageTemplates = /* @__PURE__ */ (() => ({
  ...fieldMessages,
  ...accessMessages,
  ...accountMessages,
  ...catalogMessages,
  ...visitMessages,
  ...questionMessages,
  ...reportMessages,
  ...adminMessages,
  ...fileMessages,
  ...webhookMessages,
  ...rollCallMessages,
}))();

export type MessageKey = keyof typeof messageTemplates;
export type MessageValues = Record<string, string | number>;

const placeholder = /\{(\w+)\}/g;

/** A message in English, its values put in: `say(fieldMessages.required, { label: "Name" })`. */
export function say(template: string, values: MessageValues = {}): string {
  return template.replace(placeholder, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Each template as a pattern whose groups are its values, the most fixed words first: "Email is
// invalid" is its own message, not "{label} is invalid". Made on first use, so a page that never
// asks pays nothing.
let patterns: Array<{ key: MessageKey; names: string[]; pattern: RegExp }> | undefined;
function templatePatterns() {
  patterns ??= (Object.entries(messageTemplates) as Array<[MessageKey, string]>)
    .map(([key, template]) => {
      const names = [...template.matchAll(placeholder)].map((match) => match[1]!);
      const source = template
        .split(placeholder)
        .map((part, index) => (index % 2 === 1 ? "(.+?)" : escaped(part)))
        .join("");
      const fixed = template.replace(placeholder, "").length;
      return { key, names, fixed, pattern: new RegExp(`^${source}$`, "s") };
    })
    .sort((a, b) => b.fixed - a.fixed);
  return patterns;
}

/** Which message `message` is, with its values; undefined for words the API did not build here. */
export function recogniseMessage(
  message: string,
): { key: MessageKey; values: Record<string, string> } | undefined {
  for (const { key, names, pattern } of templatePatterns()) {
    const match = pattern.exec(message);
    if (match)
      return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) };
  }
  return undefined;
}
