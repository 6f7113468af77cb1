// For the kiosk and what it imports from the shared packages: a tablet's first visit must stay
// small (the kiosk's build checks it with size-limit), and the staff app's framework alone would
// take it over. None of it, not even a type.
export default {
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["@mantine/*", "@trpc/*", "@tanstack/react-router", "@tanstack/router-*"],
            message: "The kiosk loads no Mantine, tRPC or router: plain React, fetch and CSS here.",
          },
        ],
      },
    ],
  },
};
