import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/passwords/")({
  beforeLoad: () => {
    throw redirect({ to: "/passwords/forgot", replace: true });
  },
});
