import base from "@vsi/eslint-config/base";

export default [
  ...base,
  // The CLI and the start-up banner talk to a person on a terminal.
  { files: ["src/cli.ts", "src/main.ts", "build.mjs"], rules: { "no-console": "off" } },
];
