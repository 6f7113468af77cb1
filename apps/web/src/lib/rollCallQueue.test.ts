import { afterEach, describe, expect, it, vi } from "vitest";
import { onUnauthorized } from "@vsi/web-common/query-client";
import type { PendingMark } from "./rollCall";
import { MarkQueue } from "./rollCallQueue";

const refusal = (httpStatus: number) =>
  Object.assign(new Error("refused"), { data: { httpStatus } });

afterEach(() => localStorage.clear());

describe("the roll call's mark queue", () => {
  it("sends marks in order, each once", async () => {
    const sent: number[] = [];
    const queue = new MarkQueue(
      (mark) => Promise.resolve(sent.push(mark.personId)),
      () => undefined,
    );
    queue.add({ rollCallId: 1, personId: 7, safe: true });
    queue.add({ rollCallId: 1, personId: 8, safe: true });
    await queue.flush();
    expect(sent).toEqual([7, 8]);
    expect(queue.snapshot().marks).toEqual([]);
  });

  it("keeps the marks the server refused (the roll call ended meanwhile) for the screen to say so", async () => {
    const queue = new MarkQueue(
      (mark: PendingMark) =>
        mark.personId === 7 ? Promise.reject(refusal(409)) : Promise.resolve(),
      () => undefined,
    );
    queue.add({ rollCallId: 1, personId: 7, safe: true });
    queue.add({ rollCallId: 1, personId: 8, safe: true });
    await queue.flush();
    expect(queue.snapshot().marks).toEqual([]);
    expect(queue.snapshot().refused.map((mark) => mark.personId)).toEqual([7]);

    queue.dismissRefused(1);
    expect(queue.snapshot().refused).toEqual([]);
  });

  it("keeps the marks when the session has gone (a phone reloaded offline), and says so to log in again", async () => {
    const unauthorized = vi.fn();
    onUnauthorized(unauthorized);
    const queue = new MarkQueue(
      () => Promise.reject(refusal(401)),
      () => undefined,
    );
    // Adding a mark sends it: the refusal is what the test waits for.
    queue.add({ rollCallId: 1, personId: 7, safe: true });
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    expect(queue.snapshot().marks.map((mark) => mark.personId)).toEqual([7]);
    expect(queue.snapshot().refused).toEqual([]);
  });

  it("hands the screen the server's answer while the mark still shows, so the person never flickers back", async () => {
    const seen: Array<[unknown, number]> = [];
    const queue: MarkQueue = new MarkQueue(
      (mark) => Promise.resolve({ id: mark.personId, safe: true }),
      (_mark, answer) => seen.push([answer, queue.snapshot().marks.length]),
    );
    queue.add({ rollCallId: 1, personId: 7, safe: true });
    await queue.flush();
    expect(seen).toEqual([[{ id: 7, safe: true }, 1]]);
    expect(queue.snapshot().marks).toEqual([]);
  });

  it("sends at once when the connection comes back during a try that then fails, not after the retry's wait", async () => {
    let failTry: (() => void) | undefined;
    let down = true;
    const sent: number[] = [];
    const queue = new MarkQueue(
      (mark) => {
        if (!down) return Promise.resolve(sent.push(mark.personId));
        return new Promise((_resolve, reject) => {
          failTry = () => reject(new Error("Failed to fetch"));
        });
      },
      () => undefined,
    );
    queue.add({ rollCallId: 1, personId: 7, safe: true });
    const first = queue.flush();
    // The try is under way, its answer not yet come, when the browser says it is online again.
    await vi.waitFor(() => expect(failTry).toBeDefined());
    down = false;
    queue.setOnline(true);
    failTry!();
    await first;
    expect(sent).toEqual([7]);
    expect(queue.snapshot()).toMatchObject({ marks: [], offline: false });
  });
});
