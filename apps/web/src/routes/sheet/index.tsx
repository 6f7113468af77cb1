import { createFileRoute, redirect } from "@tanstack/react-router";
import { cookieNames } from "@vsi/api/schemas";
import { readCookie } from "../../lib/cookies";

// A tablet opens /sheet/ (the web manifest's start URL); the setup call left the location's id in
// its readable cookie, so the tablet lands on its own sheet, or on the home page if it has none.
export const Route = createFileRoute("/sheet/")({
  beforeLoad: () => {
    const locationId = readCookie(cookieNames.sheetId);
    if (locationId)
      throw redirect({ to: "/sheet/$locationId", params: { locationId }, replace: true });
    throw redirect({ to: "/", replace: true });
  },
});
