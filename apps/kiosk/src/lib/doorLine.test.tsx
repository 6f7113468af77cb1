import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { placesReadGapMs, useDoorLine } from "./doorLine";
import type { DoorVisit } from "./types";

/** The browser's EventSource, driven by the test: `emit` sends the page one event. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown = {}) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const waiting = {
  id: 0,
  FirstName: "Ana",
  QueueNumber: 5,
  PlacesAhead: 4,
  CalledTo: null,
  TimeOut: null,
} as unknown as DoorVisit;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a phone waiting in the line", () => {
  it("reads its visit once for a burst of others' changes, and once more after the pause", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("EventSource", FakeEventSource);
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(waiting))));
    vi.stubGlobal("fetch", fetch);
    const onVisit = vi.fn();
    renderHook(() => useDoorLine("secret", waiting, onVisit));
    const source = FakeEventSource.last!;
    expect(source.url).toBe("/api/door/visits/secret/events");

    // Ten sign-ins move the line within a second: one read now, one after the pause.
    await act(async () => {
      for (let i = 0; i < 10; i++) source.emit("queue", { locationId: 1 });
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(placesReadGapMs));
    expect(fetch).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(placesReadGapMs * 3));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(onVisit).toHaveBeenLastCalledWith(waiting);
  });

  it("shows its own call from the stream at once, reading nothing", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const onVisit = vi.fn();
    renderHook(() => useDoorLine("secret", waiting, onVisit));
    const called = { ...waiting, PlacesAhead: 0, CalledTo: "2" };
    act(() => FakeEventSource.last!.emit("yours", called));
    expect(onVisit).toHaveBeenCalledWith(called);
    expect(fetch).not.toHaveBeenCalled();
  });
});
