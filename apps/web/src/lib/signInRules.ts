import { phoneDigits } from "./phone";

// The visitor sign-in form's rules (spec section 5). Field names are the visit payload's, so a
// field marker and a server error for the same input share one key.

export interface SignInValues {
  PhoneNumber: string;
  Temperature: string;
  FirstName: string;
  LastName: string;
  ProgramId: number | null;
}

export type SignInField = keyof SignInValues;

/** Non-negative decimal: digits with an optional fractional part ("97", "98.6"). */
const temperaturePattern = /^\d+(\.\d+)?$/;

export function isValidPhone(phoneNumber: string): boolean {
  return phoneDigits(phoneNumber).length === 10 && /^[\d-]+$/.test(phoneNumber);
}

/** The fields that do not pass; the form is valid only when this is empty. */
export function invalidSignInFields(values: SignInValues): SignInField[] {
  const invalid: SignInField[] = [];
  if (!isValidPhone(values.PhoneNumber)) invalid.push("PhoneNumber");
  if (!temperaturePattern.test(values.Temperature.trim())) invalid.push("Temperature");
  if (values.FirstName.trim() === "") invalid.push("FirstName");
  if (values.LastName.trim() === "") invalid.push("LastName");
  if (values.ProgramId === null) invalid.push("ProgramId");
  return invalid;
}
