export { createTestDatabase, testServerUrl } from "./database.ts";
export { chromiumArgs, chromiumPath } from "./chromium.ts";
