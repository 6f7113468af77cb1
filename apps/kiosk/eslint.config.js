import react from "@vsi/eslint-config/react";

// A tablet's first visit must stay small (the build's size-limit), and the staff app's framework
// alone would take it over: none of it here, not even a type.
const staffOnly = {
  patterns: [
    {
      group: ["@mantine/*", "@trpc/*", "@tanstack/react-router", "@tanstack/router-*"],
      message: "The kiosk loads no Mantine, tRPC or router: plain React, fetch and CSS here.",
    },
  ],
};

export default [...react, { rules: { "no-restricted-imports": ["error", staffOnly] } }];
