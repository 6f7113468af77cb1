// The repository's own scripts and the lint setup itself; each package has a config of its own,
// which `pnpm lint` (one ESLint process for the whole repository) finds beside each file.
import base from "@vsi/eslint-config/base";

export default [
  ...base,
  // The bootstrap script talks to the person at the terminal.
  { files: ["tooling/scripts/*.mjs"], rules: { "no-console": "off" } },
];
