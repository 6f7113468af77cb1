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

/**
 * The fields that do not pass; the form is valid only when this is empty. A location that does not
 * ask temperatures has no such field (the server keeps none).
 */
export function invalidSignInFields(
  { Temperature, ...values }: SignInValues,
  locationId: number,
  asksTemperature = true,
): SignInField[] {
  const result = visitCreateInput.safeParse({
    ...values,
    ...(asksTemperature ? { Temperature } : {}),
    ProgramId: values.ProgramId ?? 0,
    LocationId: locationId,
  });
  const invalid = new Set<string>(
    result.success ? [] : result.error.issues.map((issue) => String(issue.path[0])),
  );
  return fields.filter((field) => invalid.has(field));
}
