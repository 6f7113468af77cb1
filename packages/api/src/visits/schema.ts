import { z } from "zod";
import { id, isoDateTime, pageQuery, requiredName, text } from "../kernel/schema.ts";
import { programRefSchema } from "../catalog/schema.ts";
import { phoneDigits } from "../kernel/phone.ts";
import { calendarDate, timeZone, type TimeZone } from "../kernel/calendar.ts";
import { say, fieldMessages, householdMessages, visitMessages } from "../kernel/messages.ts";
import { signatureInput, signedStates } from "./signature-schema.ts";

export const requiredMessage = say(visitMessages.requiredField);

/** An answer as a visit keeps it: text, a number, yes or no, a choice id, choice ids, or a date. */
const answerValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);

export const phoneMessage = say(visitMessages.phone);
export const phoneNumber = text()
  .max(32)
  .transform(phoneDigits)
  .refine((digits) => /^\d{10}$/.test(digits), phoneMessage);
export const temperature = text()
  .trim()
  .regex(/^\d+(\.\d+)?$/, say(visitMessages.temperatureFormat))
  .max(8, say(fieldMessages.tooLong, { label: "Temperature" }));

/**
 * Answers as sent, by question id; each is checked against its question (questions/answers-schema.ts)
 * once the program is known.
 */
export const answersInput = z
  .record(z.string().max(12), z.unknown())
  .refine((answers) => Object.keys(answers).length <= 100, say(visitMessages.tooManyAnswers))
  .meta({
    description:
      'answers to the program\'s intake questions by question id: {"12": 4, "13": "94110", "14": ["a", "b"], "15": true, "16": "2011-04-30"}',
  });

/** The most people one sign-in may bring, and a household may be. */
export const maxPartySize = 50;

/** A number of people, 1 to 50, every problem in one message. */
export const peopleCount = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(maxPartySize, message);

/** How many people one sign-in brings. */
export const partySize = peopleCount(say(householdMessages.partySize));

/** Why a party's size cannot be so many (fewer than the members said to be there), or undefined. */
export function partyProblem(party: {
  PartySize?: number | undefined;
  HouseholdMemberIds?: number[] | undefined;
}): string | undefined {
  const present = party.HouseholdMemberIds?.length ?? 0;
  return party.PartySize !== undefined && party.PartySize < present
    ? say(householdMessages.partyBelowMembers, { count: present })
    : undefined;
}

/** What a visit is as the program's visit limit goes: within it, waiting for staff, or their decision. */
export const eligibilities = ["ok", "waiting", "approved", "declined"] as const;

/** Staff's decision on a visit waiting past its program's limit, with their reason. */
export const visitDecisionInput = z.object({ id, reason: requiredName("Reason", 500) });

export const visitCreateInput = z.object({
  FirstName: requiredName("First name"),
  LastName: requiredName("Last name"),
  PhoneNumber: phoneNumber,
  Temperature: temperature.optional().meta({
    description:
      "required where the location asks temperatures (AsksTemperature); elsewhere left out, and ignored if sent",
  }),
  LocationId: id,
  ProgramId: id,
  Answers: answersInput.optional(),
  PartySize: partySize.optional().meta({
    description:
      "how many people this sign-in brings, 1 to 50, at least the HouseholdMemberIds sent; left out: as many as HouseholdMemberIds, else 1",
  }),
  HouseholdMemberIds: z
    .array(id)
    .max(maxPartySize, say(householdMessages.memberCount))
    .transform((ids) => [...new Set(ids)])
    .optional()
    .meta({
      description:
        "which members of the visitor's household came (a program that signs in households; the household is the one a member's phone finds)",
    }),
  Signature: signatureInput.optional().meta({
    description:
      "the visitor's signature, for a program that asks one (AsksSignature): a data: URL of a PNG (data:image/png;base64,…) or an SVG drawing (data:image/svg+xml;base64,…; no scripts, embedded content, styles or links), at most 200 KB decoded",
  }),
  SignatureDeclined: z.literal(true).optional().meta({
    description:
      "true: the visitor would rather not sign (recorded as Signed: declined); instead of Signature",
  }),
  /** Over tRPC; REST callers send the Idempotency-Key header instead. */
  idempotencyKey: text().min(1).max(200).optional(),
  TimeIn: z.iso
    .datetime({
      offset: true,
      message: say(visitMessages.timeIn),
    })
    .transform((value) => new Date(value))
    .optional()
    .meta({
      description:
        "Only for a sign-in a tablet kept while offline: when the visitor signed in, sent with the entry later. At most 24 hours old and not in the future (5 minutes of clock skew allowed); without it TimeIn is the server's time",
    }),
});
export type VisitCreateInput = z.output<typeof visitCreateInput>;

/** Bounds of a queued sign-in's own TimeIn (visitCreateInput.TimeIn) against the server's clock. */
export const queuedTimeInMaxAgeMs = 24 * 60 * 60 * 1000;
export const queuedTimeInSkewMs = 5 * 60 * 1000;
/** Why a queued sign-in's TimeIn is refused, or undefined when it is accepted. */
export function queuedTimeInProblem(timeIn: Date, now: Date): string | undefined {
  if (timeIn.getTime() > now.getTime() + queuedTimeInSkewMs) return say(visitMessages.timeInFuture);
  if (timeIn.getTime() < now.getTime() - queuedTimeInMaxAgeMs)
    return say(visitMessages.timeInTooOld);
  return undefined;
}

export const visitUpdateInput = z.object({
  id,
  FirstName: requiredName("First name").optional(),
  LastName: requiredName("Last name").optional(),
  PhoneNumber: phoneNumber.optional(),
  Temperature: temperature.optional(),
  PartySize: partySize
    .optional()
    .meta({ description: "how many people the sign-in brought, 1 to 50" }),
  Answers: answersInput.optional().meta({
    description:
      "answers to change, by question id (null removes one); the others stay as they were",
  }),
});
export type VisitChanges = Omit<z.output<typeof visitUpdateInput>, "id">;

/** The report's filters, shared by its pages, its CSV and its summary. */
export const visitFilterInput = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  locationId: id.optional(),
  programId: id.optional(),
  timeZone: timeZone.default("UTC" as TimeZone),
});
export type VisitFilterInput = z.infer<typeof visitFilterInput>;

export const visitListInput = visitFilterInput.extend({
  ...pageQuery,
  format: z.enum(["json", "csv"]).optional(),
});
export type VisitListInput = z.infer<typeof visitListInput>;

export const signOutKinds = ["visitor", "staff", "auto"] as const;
export const signOutKind = z.enum(signOutKinds);

/** Where a visit was signed in (visits.signed_in_from). */
export const signedInFrom = ["tablet", "phone", "staff"] as const;

export const visitSchema = z
  .object({
    id: z.number().int(),
    FirstName: z.string(),
    LastName: z.string(),
    PhoneNumber: z.string(),
    Temperature: z
      .string()
      .nullable()
      .meta({ description: "null where the location did not ask; empty once erased" }),
    TimeIn: isoDateTime,
    TimeOut: isoDateTime.nullable(),
    SignedOutBy: signOutKind.nullable().meta({
      description:
        "who signed the visitor out: the visitor at the sheet, staff, or the location's automatic sign-out; null while signed in",
    }),
    SignedInFrom: z.enum(signedInFrom).meta({
      description:
        "where the visit was signed in: a tablet's sheet, the visitor's own phone (the door's poster), or staff",
    }),
    LocationId: z.number().int(),
    ProgramId: z.number().int(),
    HouseholdId: z.number().int().nullable().meta({
      description:
        "the visitor's household, for a program that signs in households (made at their first visit); null otherwise",
    }),
    PartySize: z.number().int().meta({ description: "how many people the sign-in brought" }),
    Eligibility: z.enum(eligibilities).meta({
      description:
        "ok; waiting: past its program's VisitLimit, for staff to approve or decline (POST /api/visits/{id}/approve, /decline); approved; declined",
    }),
    HouseholdMemberIds: z
      .array(z.number().int())
      .nullable()
      .meta({ description: "the household's members who came, when the visitor said; else null" }),
    Signed: z.enum(signedStates).nullable().meta({
      description:
        "yes: signed (the image at GET /api/visits/{id}/signature); declined: the visitor would rather not; null: no signature asked or given",
    }),
    Answers: z
      .record(z.string(), answerValue)
      .meta({ description: "answers to the intake questions, by question id; {} once erased" }),
    QueueNumber: z.number().int().nullable().meta({
      description:
        "the visit's number in its location's line that day (the location's Queue); null when the queue is off",
    }),
    QueueLine: z.number().int().nullable().meta({
      description:
        "the program whose line of its own (OwnQueue) QueueNumber is in; null: the location's shared line, or no number",
    }),
    CalledAt: isoDateTime
      .nullable()
      .meta({ description: "when staff called the number; null: not yet" }),
    CalledTo: z.string().nullable().meta({ description: "the desk the number was called to" }),
    ServedAt: isoDateTime.nullable().meta({ description: "when staff marked it served" }),
    NoShowAt: isoDateTime
      .nullable()
      .meta({ description: "when staff marked it not present after calling it" }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    Location: z.object({ id: z.number().int(), Name: z.string() }).optional(),
    Program: programRefSchema.pick({ id: true, Name: true, NameEs: true }).optional(),
  })
  .meta({ id: "Visit" });
/** A list of visits, as the sheet and the report answer. */
export const visitListSchema = z.array(visitSchema);

export const onSiteInput = z.object({
  locationId: id.optional(),
  format: z.enum(["json", "csv"]).optional(),
  /** The CSV's zone for TimeIn and the file's date. */
  timeZone: timeZone.default("UTC" as TimeZone),
});

export const visitSearchInput = z.object({
  phoneNumber,
});
export const visitorNameSchema = z.object({
  FirstName: z.string(),
  LastName: z.string(),
  Answers: z.record(z.string(), answerValue).meta({
    description:
      "the visitor's remembered answers (questions asked once per visitor), by question id, each recent enough not to be asked again",
  }),
  AnsweredAt: z
    .record(z.string(), isoDateTime)
    .meta({ description: "when each remembered answer was given, by question id" }),
  Household: z
    .object({
      id: z.number().int(),
      Members: z.array(
        z.object({
          id: z.number().int(),
          FirstName: z.string(),
          LastName: z.string().meta({ description: "for a tablet, its first letter only" }),
          ThisPhone: z.boolean().meta({ description: "the member this phone number is" }),
        }),
      ),
    })
    .nullable()
    .meta({
      description:
        "the household this phone's member belongs to, with its members (for a household's sign-in: who came); null when none",
    }),
});
