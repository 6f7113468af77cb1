import { Alert } from "@mantine/core";
import { useLocation } from "@tanstack/react-router";

/** The success message a previous screen passed along in the navigation state, if any. */
export function FlashMessage({ message }: { message?: string | null }) {
  const flash = useLocation({ select: (location) => location.state.flash });
  const text = message ?? flash;
  if (!text) return null;
  return (
    <Alert color="green" role="status">
      {text}
    </Alert>
  );
}
