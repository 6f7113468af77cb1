import base from "@vsi/eslint-config/base";

export default [
  ...base,
  // The bench is a command-line program: its progress and results go to the terminal.
  { rules: { "no-console": "off" } },
];
