import type { HouseholdMember } from "@vsi/db";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import type { HouseholdWithMembers } from "./queries.ts";
import type { Duplicate } from "./duplicates.ts";
import type { DuplicateShape, HouseholdShape } from "./schema.ts";

/** Row -> API shape. Field names here are the OpenAPI document's and are case-sensitive. */

const toMember = (member: HouseholdMember): HouseholdShape["Members"][number] => ({
  id: member.id,
  FirstName: member.first_name,
  LastName: member.last_name,
  PhoneNumber: member.phone_number,
  BirthDate: member.birth_date,
  Relationship: member.relationship,
});

export function toHousehold({ household, members }: HouseholdWithMembers): HouseholdShape {
  return {
    id: household.id,
    Members: members.map(toMember),
    AddressLine1: household.address_line1,
    Zip: household.zip,
    Size: household.size,
    EligibilityBasisId: household.eligibility_basis_id,
    CertifiedAt: isoOrNull(household.certified_at),
    createdAt: iso(household.created_at),
    updatedAt: iso(household.updated_at),
  };
}

export const toEligibilityBasis = (row: {
  id: number;
  label: { en: string; es: string };
  created_at: Date;
}) => ({ id: row.id, Label: row.label, createdAt: iso(row.created_at) });

export const toDuplicate = ({ a, b, matched }: Duplicate): DuplicateShape => ({
  a: toHousehold(a),
  b: toHousehold(b),
  matched,
});
