/** The 422 for an email some user already has (any case). */
export const emailTaken = {
  status: 422,
  message: "Email already registered",
  errors: [{ path: "email", message: "Email already registered" }],
};

/** A user as the API answers it: here an active staff member (not an admin) with no picture. */
export function staffUserAnswer(user: {
  id: unknown;
  firstName: string;
  lastName: string;
  email: string;
}) {
  return { ...user, picture: null, pictureUrl: null, isAdmin: false, isActive: true };
}
