export { createTestDatabase, testServerUrl } from "./database.ts";
export { chromiumArgs, chromiumPath } from "./chromium.ts";
export { sseReader, type SseBlock } from "./sse.ts";
