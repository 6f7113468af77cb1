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

/** Each field that does not pass, with its rule's first message; the form is valid when empty. */
export type SignInProblems = Partial<Record<SignInField, string>>;

/**
 * What is wrong with the form, field by field. A location that does not ask temperatures has no
 * such field (the server keeps none).
 */
export function signInProblems(
  { Temperature, ...values }: SignInValues,
  locationId: number,
  asksTemperature = true,
): SignInProblems {
  const result = visitCreateInput.safeParse({
    ...values,
    ...(asksTemperature ? { Temperature } : {}),
    ProgramId: values.ProgramId ?? 0,
    LocationId: locationId,
  });
  const problems: SignInProblems = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field && problems[field] === undefined) problems[field] = issue.message;
  }
  return problems;
}

/** The fields that do not pass, in the form's order. */
export function invalidSignInFields(
  values: SignInValues,
  locationId: number,
  asksTemperature = true,
): SignInField[] {
  const problems = signInProblems(values, locationId, asksTemperature);
  return fields.filter((field) => problems[field] !== undefined);
}
