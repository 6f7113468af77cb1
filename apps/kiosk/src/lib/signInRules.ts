import { visitCreateInput } from "@vsi/api/schemas";

// The visitor sign-in form's rules are the API's own visit schema, so the form and
// the server can never disagree. Field names are the visit payload's.

export interface SignInValues {
  PhoneNumber: string;
  Temperature: string;
  FirstName: string;
  LastName: string;
  ProgramId: number | null;
}

export type SignInField = keyof SignInValues;

const fields: readonly SignInField[] = [
  "PhoneNumber",
  "Temperature",
  "FirstName",
  "LastName",
  "ProgramId",
];

/** The fields that do not pass; the form is valid only when this is empty. */
export function invalidSignInFields(values: SignInValues, locationId: number): SignInField[] {
  const result = visitCreateInput.safeParse({
    ...values,
    ProgramId: values.ProgramId ?? 0,
    LocationId: locationId,
  });
  const invalid = new Set<string>(
    result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])),
  );
  return fields.filter((field) => invalid.has(field));
}
