import { nameCharactersMessage, visitCreateInput } from "@vsi/api/schemas";

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
 * Why a field does not pass, for its message: left empty, too long (and the most it takes), a
 * name holding hidden or text-direction characters, or not the right form.
 */
export type SignInProblem =
  | { kind: "missing" }
  | { kind: "tooLong"; max: number }
  | { kind: "characters" }
  | { kind: "format" };

/**
 * What is wrong with each field that does not pass; the form is valid only when this is empty. A
 * location that does not ask temperatures has no such field (the server keeps none).
 */
export function signInProblems(
  { Temperature, ...values }: SignInValues,
  locationId: number,
  asksTemperature = true,
): Partial<Record<SignInField, SignInProblem>> {
  const result = visitCreateInput.safeParse({
    ...values,
    ...(asksTemperature ? { Temperature } : {}),
    ProgramId: values.ProgramId ?? 0,
    LocationId: locationId,
  });
  const problems: Partial<Record<SignInField, SignInProblem>> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (!field || problems[field]) continue;
    problems[field] =
      issue.message === nameCharactersMessage
        ? { kind: "characters" }
        : issue.code === "too_big"
          ? { kind: "tooLong", max: Number(issue.maximum) }
          : issue.code === "too_small" || field === "ProgramId"
            ? { kind: "missing" }
            : { kind: "format" };
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
