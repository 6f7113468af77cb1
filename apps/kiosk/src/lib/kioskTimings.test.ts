import { describe, expect, it } from "vitest";
import { kioskWaitMs } from "./kioskTimings";

describe("kioskWaitMs", () => {
  it("is the location's setting in milliseconds", () => {
    const location = { IdleResetSeconds: 600, ConfirmationSeconds: 30, SendTimeoutSeconds: 2 };
    expect(kioskWaitMs(location, "IdleResetSeconds")).toBe(600_000);
    expect(kioskWaitMs(location, "ConfirmationSeconds")).toBe(30_000);
    expect(kioskWaitMs(location, "SendTimeoutSeconds")).toBe(2_000);
  });

  it("falls back to the default for a location kept on the tablet before it had these", () => {
    expect(kioskWaitMs({}, "IdleResetSeconds")).toBe(60_000);
    expect(kioskWaitMs({}, "ConfirmationSeconds")).toBe(3_000);
    expect(kioskWaitMs({}, "SendTimeoutSeconds")).toBe(5_000);
  });
});
