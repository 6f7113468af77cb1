import { Alert } from "@mantine/core";

export const unexpectedErrorMessage = "An unexpected error has occurred. Please try again.";

export function UnexpectedErrorAlert() {
  return (
    <Alert color="red" role="alert">
      {unexpectedErrorMessage}
    </Alert>
  );
}
