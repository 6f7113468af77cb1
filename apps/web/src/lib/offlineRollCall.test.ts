import { afterEach, describe, expect, it } from "vitest";
import type { RollCall } from "@vsi/api/schemas";
import {
  forgetRollCall,
  forgetStaleRollCall,
  keepRollCall,
  keptRollCall,
  keptUserAt,
} from "./offlineRollCall";
import type { User } from "./types";

const user = { id: 3, firstName: "Sam" } as User;
const rollCall = (id: number, endedAt: string | null = null) =>
  ({ id, endedAt, people: [] }) as unknown as RollCall;
const savedAt = Date.parse("2026-11-20T10:00:00Z");

afterEach(() => localStorage.clear());

describe("the roll call kept on this phone for a reload with no network", () => {
  it("keeps the open one and who had it open, for its own screen only", () => {
    keepRollCall(rollCall(5), user, savedAt);
    expect(keptRollCall(5)?.rollCall.id).toBe(5);
    expect(keptRollCall(6)).toBeUndefined();
    expect(keptUserAt("/dashboard/roll-calls/5")).toEqual(user);
    expect(keptUserAt("/dashboard/roll-calls/6")).toBeUndefined();
    expect(keptUserAt("/dashboard/reports")).toBeUndefined();
  });

  it("forgets it once it has ended, at logout, or a day after it was last read", () => {
    keepRollCall(rollCall(5), user, savedAt);
    keepRollCall(rollCall(5, "2026-11-20T10:30:00Z"), user, savedAt);
    expect(keptRollCall(5)).toBeUndefined();

    keepRollCall(rollCall(5), user, savedAt);
    forgetRollCall();
    expect(keptRollCall(5)).toBeUndefined();

    keepRollCall(rollCall(5), user, savedAt);
    forgetStaleRollCall(savedAt + 23 * 3_600_000);
    expect(keptRollCall(5)).toBeDefined();
    forgetStaleRollCall(savedAt + 25 * 3_600_000);
    expect(keptRollCall(5)).toBeUndefined();
  });
});
