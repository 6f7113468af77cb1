import { ErrorAlert } from "./ErrorAlert";

export const unexpectedErrorMessage = "An unexpected error has occurred. Please try again.";

export function UnexpectedErrorAlert() {
  return <ErrorAlert>{unexpectedErrorMessage}</ErrorAlert>;
}
