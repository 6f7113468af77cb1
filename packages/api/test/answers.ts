import { expect } from "vitest";

/** The 422 for an email some user already has (any case). */
const emailTakenMessage = { message: "Email already registered", key: "emailTaken", values: {} };
export const emailTaken = {
  status: 422,
  ...emailTakenMessage,
  errors: [{ path: "email", ...emailTakenMessage }],
};

/**
 * A user as the API answers it: here an active staff member (not an admin) with no picture; a user
 * just made, whose id is not known yet, has any id.
 */
export function staffUserAnswer(user: {
  id?: number;
  firstName: string;
  lastName: string;
  email: string;
}) {
  return {
    id: expect.any(Number) as unknown,
    ...user,
    picture: null,
    pictureUrl: null,
    isAdmin: false,
    // Staff of every location, each listed (src/accounts/location-access.test.ts checks them).
    access: expect.any(Array) as unknown,
    isActive: true,
    language: null,
  };
}
