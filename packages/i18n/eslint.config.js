export { default } from "@vsi/eslint-config/react";
