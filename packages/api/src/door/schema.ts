import { z } from "zod";
import { say, catalogMessages } from "../kernel/messages.ts";
import { id, isoDateTime } from "../kernel/schema.ts";
import { temperatureUnits } from "../catalog/temperature.ts";
import { programRefSchema } from "../catalog/schema.ts";
import { questionSchema } from "../questions/schema.ts";
import {
  signedInFrom,
  signOutKind,
  visitCreateInput,
  visitorNameSchema,
  phoneNumber,
} from "../visits/schema.ts";

/** A program as the door names it, in both languages. */
const doorProgram = programRefSchema.pick({ id: true, Name: true, NameEs: true });
/** A program the door offers: whether it signs in a household too (the phone then asks how many came). */
const doorProgramOffered = programRefSchema.pick({
  id: true,
  Name: true,
  NameEs: true,
  SignsInHousehold: true,
  AsksSignature: true,
});

/** A door code as a poster's link carries it: base64url, nothing else reaches a query. */
const doorCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, say(catalogMessages.doorCode))
  .meta({ description: "the door code of a poster's link (<address>/d/<code>)" });
/** A phone's secret for its visit, as doorVisitSchema's visitToken gave it. */
const visitToken = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/, say(catalogMessages.visitToken))
  .meta({ description: "the secret the phone was given with its visit (visitToken)" });

/** A secret this phone was given for an earlier visit: its proof that a number is its visitor's. */
const proof = visitToken.optional().meta({
  description:
    "a visitToken this phone was given for an earlier visit whose answer said `proves`: shown, it proves the phone is that number's visitor",
});

export const doorCodeParam = z.object({ code: doorCode });
export const visitTokenParam = z.object({ visitToken });
export const locationIdParam = z.object({ id });

export const doorCodeSchema = z
  .object({
    code: z.string(),
    url: z.string().meta({
      description:
        "the poster's link, <address>/d/<code>: BASE_URL when set, else the address the request came to",
    }),
  })
  .meta({ id: "DoorCode" });

/** What a phone at the door is shown: the site, its programs and their questions; nobody's visits. */
export const doorSchema = z
  .object({
    location: z.object({
      id: z.number().int(),
      Name: z.string(),
      Address: z.string(),
      LogoUrl: z.string().nullable(),
      AsksTemperature: z.boolean(),
      TemperatureUnit: z.enum(temperatureUnits),
      TimeZone: z.string(),
    }),
    programs: z.array(doorProgramOffered),
    questions: z.array(questionSchema),
  })
  .meta({ id: "Door" });

// A phone is shown no household: it says how many came, never who.
export const doorSignInInput = visitCreateInput
  .omit({ LocationId: true, idempotencyKey: true, TimeIn: true, HouseholdMemberIds: true })
  .extend({ code: doorCode, proof });

/** A visit as its visitor sees it on their phone: never anyone else's, never their phone number. */
export const doorVisitSchema = z
  .object({
    id: z.literal(0).meta({
      description:
        "always 0: a phone is never shown a visit's id (they count up across the site); its visitToken names its visit",
    }),
    FirstName: z.string(),
    LastName: z.string(),
    TimeIn: isoDateTime,
    TimeOut: isoDateTime.nullable(),
    SignedOutBy: signOutKind.nullable(),
    SignedInFrom: z.enum(signedInFrom),
    PartySize: z.number().int().meta({ description: "how many people the sign-in brought" }),
    QueueNumber: z.number().int().nullable().meta({
      description: "the visitor's number in the location's line today; null when the queue is off",
    }),
    QueueLine: z.number().int().nullable().meta({
      description:
        "the program whose line of its own (OwnQueue) QueueNumber is in (then the visit's Program); null: the location's shared line, or no number",
    }),
    SeveralLines: z.boolean().meta({
      description:
        "whether the location's line is split, some program it offers having a line of its own: the number is then told with its line",
    }),
    PlacesAhead: z.number().int().nullable().meta({
      description:
        "how many wait before the visitor; null when not waiting (called, served, or no line)",
    }),
    CalledTo: z.string().nullable().meta({
      description:
        "the desk the visitor was called to, until served or marked not present; null before",
    }),
    Location: z.object({ id: z.number().int(), Name: z.string(), TimeZone: z.string() }),
    Program: doorProgram,
  })
  .meta({ id: "DoorVisit" });

export const doorSignInSchema = doorVisitSchema
  .extend({
    visitToken: z.string().meta({
      description:
        "the phone's secret for this visit (GET /api/door/visits/{visitToken}, its sign-out): shown once, only its hash is kept",
    }),
    proves: z.boolean().meta({
      description:
        "whether visitToken proves this phone is the number's visitor at a later lookup or sign-in (sent as `proof`): true for the number's first visit or one that sent proof; false when the number was used before and no proof was sent (its names and answers are then not remembered)",
    }),
  })
  .meta({ id: "DoorSignIn" });

export const doorLookupInput = z.object({ code: doorCode, phoneNumber, proof });

/**
 * A returning visitor as the door's lookup answers: with proof, as a tablet's; without, at most
 * what the tablet's sheet shows anyone (the first name and the last name's initial), and no answers.
 */
// A phone is told no household: it gives a count of who came (PartySize).
export const doorVisitorSchema = visitorNameSchema
  .omit({ Household: true })
  .extend({
    LastName: z.string().meta({
      description: 'the last name; without proof, its initial alone with a full stop ("L.")',
    }),
    Answers: visitorNameSchema.shape.Answers.meta({
      description:
        "the visitor's remembered answers by question id, with proof; {} without (the phone asks them again)",
    }),
    Proven: z.boolean().meta({
      description: "whether the phone sent proof (`proof`) that it is this number's visitor",
    }),
  })
  .meta({ id: "DoorVisitor" });
