import { z } from "zod";
import {
  id,
  isoDateTime,
  optionalName,
  optionalText,
  pageQuery,
  requiredName,
  text,
} from "../kernel/schema.ts";
import { maxPartySize, peopleCount, phoneNumber } from "../visits/schema.ts";
import { calendarDate } from "../kernel/calendar.ts";
import { bilingual, bilingualSchema } from "../questions/schema.ts";
import { say, answerRuleMessages, fieldMessages, householdMessages } from "../kernel/messages.ts";

/** A household's size: 1 to 50 people, as a party signed in at once may be. */
export const householdSize = peopleCount(say(householdMessages.householdSize));

/** A ZIP code as the intake questions take one: 5 digits, or 5 and 4; blank when not given. */
export const householdZip = text()
  .trim()
  .regex(/^(\d{5}(-\d{4})?)?$/, say(answerRuleMessages.zip));

export const householdMemberInput = z.object({
  /** An existing member (a change); left out, a new one. */
  id: id
    .optional()
    .meta({ description: "a member of this household, to change; left out: a new member" }),
  FirstName: requiredName("First name"),
  LastName: optionalName("Last name").default(""),
  PhoneNumber: phoneNumber
    .nullable()
    .optional()
    .meta({ description: "10 digits; finds the household (one member per number)" }),
  BirthDate: calendarDate
    .nullable()
    .optional()
    .meta({ description: "YYYY-MM-DD, not in the future" }),
  Relationship: optionalName("Relationship", 40)
    .nullable()
    .optional()
    .meta({ description: "to the household's first member, in the staff's words (mother, son…)" }),
});
export type HouseholdMemberInput = z.output<typeof householdMemberInput>;

const memberList = z
  .array(householdMemberInput, { error: say(householdMessages.memberCount) })
  .min(1, say(householdMessages.memberCount))
  .max(maxPartySize, say(householdMessages.memberCount));

const householdFields = {
  AddressLine1: optionalText("Address", 200),
  Zip: householdZip,
  EligibilityBasisId: id
    .nullable()
    .meta({ description: "one of GET /api/eligibility-bases; null when none was declared" }),
  CertifiedAt: z.iso
    .datetime({ offset: true, error: say(fieldMessages.isoDateTime) })
    // A year the database keeps as written (it has no year 0).
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= 1900 && year <= 2200;
    }, say(fieldMessages.isoDateTime))
    .nullable()
    .meta({ description: "when the basis was last declared (self-declared: no proof is asked)" }),
};

export const householdCreateInput = z.object({
  Members: memberList,
  AddressLine1: householdFields.AddressLine1.default(""),
  Zip: householdFields.Zip.default(""),
  Size: householdSize.optional().meta({
    description:
      "how many people live in the household, at least the members listed; left out: as many as listed",
  }),
  EligibilityBasisId: householdFields.EligibilityBasisId.optional(),
  CertifiedAt: householdFields.CertifiedAt.optional(),
});
export type HouseholdCreateInput = z.output<typeof householdCreateInput>;

export const householdUpdateInput = z.object({
  id,
  Members: memberList.optional().meta({
    description:
      "the household's members, whole: each with its id is changed, each without one added, and a member left out removed",
  }),
  AddressLine1: householdFields.AddressLine1.optional(),
  Zip: householdFields.Zip.optional(),
  Size: householdSize.optional(),
  EligibilityBasisId: householdFields.EligibilityBasisId.optional(),
  CertifiedAt: householdFields.CertifiedAt.optional(),
});
export type HouseholdUpdateInput = z.output<typeof householdUpdateInput>;

export const householdListInput = z.object({
  search: text()
    .trim()
    .max(100, say(fieldMessages.tooLong, { label: "Search" }))
    .optional()
    .meta({
      description:
        "a member's phone number (10 digits, any formatting) or the start of a member's first or last name, or of the address",
    }),
  page: pageQuery.page,
});
export type HouseholdListInput = z.output<typeof householdListInput>;

export const householdMemberSchema = z
  .object({
    id: z.number().int(),
    FirstName: z.string().meta({ description: "empty once erased" }),
    LastName: z.string(),
    PhoneNumber: z.string().nullable(),
    BirthDate: z.string().nullable().meta({ description: "YYYY-MM-DD or null" }),
    Relationship: z.string().nullable(),
  })
  .meta({ id: "HouseholdMember" });

export const householdSchema = z
  .object({
    id: z.number().int(),
    Members: z.array(householdMemberSchema),
    AddressLine1: z.string().meta({ description: "empty once erased" }),
    Zip: z.string(),
    Size: z.number().int(),
    EligibilityBasisId: z.number().int().nullable(),
    CertifiedAt: isoDateTime.nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: "Household" });
export type HouseholdShape = z.output<typeof householdSchema>;

export const eligibilityBasisInput = z.object({ Label: bilingual("Label", 100) });

export const eligibilityBasisSchema = z
  .object({ id: z.number().int(), Label: bilingualSchema, createdAt: isoDateTime })
  .meta({ id: "EligibilityBasis" });

export const householdPageInput = householdListInput;

/** The staff app's page of households: tRPC cannot read headers, so it carries its total. */
export const householdPageSchema = z.object({
  households: z.array(householdSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});

export const householdMergeInput = z.object({
  id,
  otherId: id.meta({
    description:
      "the household merged into this one: its members and visits move here, and it goes",
  }),
});

export const memberMoveInput = z.object({
  id,
  memberId: id,
  toHouseholdId: id.meta({ description: "the household the member moves to" }),
});

export const duplicatesInput = z.object({ page: pageQuery.page });

/** What two households were found to share, by the Household's field names. */
export const duplicateFields = [
  "PhoneNumber",
  "AddressLine1",
  "FirstName",
  "LastName",
  "BirthDate",
] as const;
export type DuplicateField = (typeof duplicateFields)[number];

export const duplicateSchema = z
  .object({
    /** The older of the two. */
    a: householdSchema,
    b: householdSchema,
    matched: z.array(z.enum(duplicateFields)).meta({
      description:
        "what they share: PhoneNumber (a member's number, or one a visit of the other was signed in with), or three or four of AddressLine1 (compared without case, spaces or punctuation), FirstName and LastName (one member of each, alike: a misspelling passes) and BirthDate",
    }),
  })
  .meta({ id: "HouseholdDuplicate" });
export type DuplicateShape = z.output<typeof duplicateSchema>;
