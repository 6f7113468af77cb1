export { default } from "@vsi/eslint-config/base";
