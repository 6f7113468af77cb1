import { describe, expect, it, vi } from "vitest";
import { oneRunAtATime } from "./one-run-at-a-time.ts";

/** A run that waits until the test lets it finish. */
function heldRuns() {
  const releases: Array<() => void> = [];
  let started = 0;
  const run = () =>
    new Promise<void>((resolve) => {
      started += 1;
      releases.push(resolve);
    });
  return { run, started: () => started, release: () => releases.shift()?.() };
}

describe("oneRunAtATime", () => {
  it("starts no second run beside one under way, and hands every caller the same promise", () => {
    const held = heldRuns();
    const flush = oneRunAtATime(held.run);
    const first = flush();
    const second = flush();
    expect(second).toBe(first);
    expect(held.started()).toBe(1);
  });

  it("runs once more right after, when asked while a run was under way, however often it was asked", async () => {
    const held = heldRuns();
    const flush = oneRunAtATime(held.run);
    const done = flush();
    void flush();
    void flush();
    held.release();
    await vi.waitFor(() => expect(held.started()).toBe(2));
    held.release();
    await done;
    expect(held.started()).toBe(2);
  });

  it("starts afresh once the runs are over, and after a run that failed", async () => {
    let runs = 0;
    const flush = oneRunAtATime(() => {
      runs += 1;
      return runs === 1 ? Promise.reject(new Error("down")) : Promise.resolve();
    });
    await expect(flush()).rejects.toThrow("down");
    await flush();
    expect(runs).toBe(2);
  });
});
