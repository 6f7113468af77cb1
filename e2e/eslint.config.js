import base, { testCodeRules } from "@vsi/eslint-config/base";

export default [
  ...base,
  // Everything here is test code reading arbitrary JSON back, as the shared config allows in test/ folders.
  { rules: testCodeRules },
];
