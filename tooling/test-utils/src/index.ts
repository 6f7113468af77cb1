export { inCi } from "./ci.ts";
export { createTestDatabase, testServerUrl, type TestDatabase } from "./database.ts";
export { chromiumArgs, chromiumPath } from "./chromium.ts";
export { sseReader, type SseBlock } from "./sse.ts";
export { baselineWasm } from "./wasm.ts";
