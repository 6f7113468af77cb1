import { z } from "zod";
import { say, catalogMessages } from "../kernel/messages.ts";
import { id, isoDateTime } from "../kernel/schema.ts";
import { temperatureUnits } from "../catalog/temperature.ts";
import { programRefSchema } from "../catalog/schema.ts";
import { questionSchema } from "../questions/schema.ts";
import { signedInFrom, signOutKind, visitCreateInput, phoneNumber } from "../visits/schema.ts";

/** A program as the door names it, in both languages. */
const doorProgram = programRefSchema.pick({ id: true, Name: true, NameEs: true });

/** A door code as a poster's link carries it: base64url, nothing else reaches a query. */
const doorCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, say(catalogMessages.doorCode))
  .meta({ description: "the door code of a poster's link (BASE_URL/d/<code>)" });
/** A phone's secret for its visit, as doorVisitSchema's visitToken gave it. */
const visitToken = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+$/, say(catalogMessages.visitToken))
  .meta({ description: "the secret the phone was given with its visit (visitToken)" });

export const doorCodeParam = z.object({ code: doorCode });
export const visitTokenParam = z.object({ visitToken });
export const locationIdParam = z.object({ id });

export const doorCodeSchema = z
  .object({
    code: z.string(),
    url: z.string().meta({ description: "the poster's link: BASE_URL/d/<code>" }),
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
    programs: z.array(doorProgram),
    questions: z.array(questionSchema),
  })
  .meta({ id: "Door" });

export const doorSignInInput = visitCreateInput
  .omit({ LocationId: true, idempotencyKey: true, TimeIn: true })
  .extend({ code: doorCode });

/** A visit as its visitor sees it on their phone: never anyone else's, never their phone number. */
export const doorVisitSchema = z
  .object({
    id: z.number().int(),
    FirstName: z.string(),
    LastName: z.string(),
    TimeIn: isoDateTime,
    TimeOut: isoDateTime.nullable(),
    SignedOutBy: signOutKind.nullable(),
    SignedInFrom: z.enum(signedInFrom),
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
  })
  .meta({ id: "DoorSignIn" });

export const doorLookupInput = z.object({ code: doorCode, phoneNumber });
