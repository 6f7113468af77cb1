import { describe, expect, it } from "vitest";
import {
  createOfflineQueue,
  waitingEntries,
  type QueueEntry,
  type QueueStore,
  type SignInFields,
} from "./offlineQueue";

/** A stand-in for the server's contract: keyed sign-ins written once, sign-outs keeping their first time. */
class FakeServer {
  visits = new Map<number, { key: string; fields: SignInFields; out: number; timeIn?: string }>();
  byKey = new Map<string, number>();
  calls: string[] = [];
  /** What the next calls do instead of answering: "down" (no answer), "lost" (done, answer lost), or a status. */
  next: Array<"down" | "lost" | number> = [];
  down = false;
  /** When set, the next sign-in waits on it: a try under way, failed when the test says. */
  hold: Promise<never> | undefined;

  private answer<T>(work: () => T): T {
    const trouble = this.next.shift() ?? (this.down ? "down" : undefined);
    if (trouble === "down") throw new Error("Failed to fetch");
    if (typeof trouble === "number")
      throw Object.assign(new Error(`refused ${trouble}`), { status: trouble });
    const result = work();
    if (trouble === "lost") throw new Error("network connection was lost");
    return result;
  }

  signIn = (fields: SignInFields, key: string, _signal?: AbortSignal, timeIn?: string) => {
    this.calls.push(`in:${fields.FirstName}`);
    const held = this.hold;
    this.hold = undefined;
    if (held) return held;
    return Promise.resolve().then(() =>
      this.answer(() => {
        const existing = this.byKey.get(key);
        if (existing !== undefined) return { id: existing };
        const id = this.visits.size + 1;
        this.visits.set(id, { key, fields, out: 0, timeIn });
        this.byKey.set(key, id);
        return { id };
      }),
    );
  };

  signOut = (id: number) => {
    this.calls.push(`out:${id}`);
    return Promise.resolve().then(() =>
      this.answer(() => {
        const visit = this.visits.get(id);
        if (!visit) throw Object.assign(new Error("Visit not found"), { status: 404 });
        visit.out += 1;
        return { id };
      }),
    );
  };
}

class MapStore implements QueueStore {
  entries = new Map<string, QueueEntry>();
  all = () => Promise.resolve([...this.entries.values()].map((entry) => structuredClone(entry)));
  put = (entry: QueueEntry) =>
    Promise.resolve(void this.entries.set(entry.key, structuredClone(entry)));
  remove = (key: string) => Promise.resolve(void this.entries.delete(key));
}

function setUp(store = new MapStore(), server = new FakeServer(), now?: () => Date) {
  let keys = 0;
  const unauthorized: unknown[] = [];
  const queue = createOfflineQueue<{ id: number }>({
    store,
    transport: { signIn: server.signIn, signOut: server.signOut },
    statusOf: (error) => (error as { status?: number }).status,
    idOf: (visit) => visit.id,
    newKey: () => `key-${++keys}`,
    sendTimeoutMs: 5_000,
    // Retries are driven by the tests, never by a timer.
    backoffMs: () => 1e9,
    onUnauthorized: (error) => unauthorized.push(error),
    ...(now ? { now } : {}),
  });
  return { queue, store, server, unauthorized };
}

/** Offline: Ana signs in, then out again before her sign-in was sent. */
async function anaInAndOutOffline({ queue, server }: ReturnType<typeof setUp>) {
  server.down = true;
  await queue.signIn(visitor("Ana"));
  const [signIn] = queue.getState().entries;
  await queue.signOut({ signInKey: signIn!.key, FirstName: "Ana", LastName: "Lopez" });
}

const visitor = (FirstName: string, PhoneNumber = "4155550100"): SignInFields => ({
  FirstName,
  LastName: "Lopez",
  PhoneNumber,
  Temperature: "98.6",
  LocationId: 1,
  ProgramId: 2,
});

describe("offline queue", () => {
  it("sends a sign-in at once when the server answers, and queues nothing", async () => {
    const { queue, store, server } = setUp();
    const result = await queue.signIn(visitor("Ana"));
    expect(result).toEqual({ visit: { id: 1 }, queued: false });
    expect(store.entries.size).toBe(0);
    expect(server.visits.size).toBe(1);
  });

  it("keeps a sign-in the server cannot be reached for, and sends it once when the connection is back", async () => {
    const { queue, store, server } = setUp();
    server.down = true;
    const result = await queue.signIn(visitor("Ana"));
    expect(result.queued).toBe(true);
    expect(queue.getState()).toMatchObject({ offline: true });
    expect(waitingEntries(queue.getState().entries)).toHaveLength(1);
    expect(store.entries.size).toBe(1);

    server.down = false;
    await queue.flush();
    expect(store.entries.size).toBe(0);
    expect(queue.getState()).toMatchObject({ offline: false, entries: [] });
    expect([...server.visits.values()].map((visit) => visit.fields.FirstName)).toEqual(["Ana"]);
  });

  it("sends at once when the connection comes back during a try that then fails, not after the back-off", async () => {
    const { queue, store, server } = setUp();
    server.down = true;
    await queue.signIn(visitor("Ana"));
    // A retry is under way, its answer not yet come, when the browser says it is online again.
    let failTry = () => {};
    server.hold = new Promise((_resolve, reject) => {
      failTry = () => reject(new Error("Failed to fetch"));
    });
    const retry = queue.flush();
    while (server.hold !== undefined) await new Promise((resolve) => setTimeout(resolve, 0));
    server.down = false;
    queue.setOnline(true);
    failTry();
    await retry;
    expect(store.entries.size).toBe(0);
    expect(queue.getState()).toMatchObject({ offline: false, entries: [] });
    expect([...server.visits.values()].map((visit) => visit.fields.FirstName)).toEqual(["Ana"]);
  });

  it("keeps a sign-in's answers with it on the tablet and sends them with it", async () => {
    const { queue, store, server } = setUp();
    server.down = true;
    const answers = { "12": 4, "13": "94110", "14": true, "15": ["a", "b"] };
    await queue.signIn({ ...visitor("Ana"), Answers: answers });
    const [kept] = [...store.entries.values()];
    expect(kept).toMatchObject({ kind: "in", fields: { Answers: answers } });

    server.down = false;
    await queue.flush();
    expect([...server.visits.values()].map((visit) => visit.fields.Answers)).toEqual([answers]);
  });

  it("shows a refusal (422, 403, 409) to the caller and queues nothing", async () => {
    for (const status of [422, 403, 409]) {
      const { queue, store, server } = setUp();
      server.next = [status];
      await expect(queue.signIn(visitor("Ana"))).rejects.toMatchObject({ status });
      expect(store.entries.size).toBe(0);
    }
  });

  it("does not queue a disconnected tablet's sign-in either: the 401 goes to the caller and to the disconnected screen", async () => {
    const { queue, store, server, unauthorized } = setUp();
    server.next = [401];
    await expect(queue.signIn(visitor("Ana"))).rejects.toMatchObject({ status: 401 });
    expect(store.entries.size).toBe(0);
    expect(unauthorized).toHaveLength(1);
  });

  it("records each entry exactly once when an answer is lost and the entry is sent again", async () => {
    const { queue, server } = setUp();
    server.down = true;
    await queue.signIn(visitor("Ana"));
    await queue.signIn(visitor("Ben", "4155550101"));
    server.down = false;
    // Ana's sign-in reaches the server but its answer never comes back: she stays queued.
    server.next = ["lost"];
    await queue.flush();
    expect(waitingEntries(queue.getState().entries)).toHaveLength(2);
    await Promise.all([queue.flush(), queue.flush()]);
    expect(queue.getState().entries).toEqual([]);
    expect([...server.visits.values()].map((visit) => visit.fields.FirstName)).toEqual([
      "Ana",
      "Ben",
    ]);
  });

  it("sends a queued sign-in with the time the visitor signed in, and a direct one without", async () => {
    let clock = new Date("2026-11-21T09:00:00.000Z");
    const { queue, server } = setUp(new MapStore(), new FakeServer(), () => clock);
    server.down = true;
    await queue.signIn(visitor("Ana"));
    server.down = false;
    clock = new Date("2026-11-21T11:00:00.000Z");
    await queue.flush();
    await queue.signIn(visitor("Ben", "4155550101"));
    expect(
      [...server.visits.values()].map((visit) => [visit.fields.FirstName, visit.timeIn]),
    ).toEqual([
      ["Ana", "2026-11-21T09:00:00.000Z"],
      ["Ben", undefined],
    ]);
  });

  it("sends a sign-out of a queued sign-in after it, with the visit's id, and only once", async () => {
    const tablet = setUp();
    const { queue, server } = tablet;
    await anaInAndOutOffline(tablet);
    expect(waitingEntries(queue.getState().entries).map((entry) => entry.kind)).toEqual([
      "in",
      "out",
    ]);
    expect(server.calls.filter((call) => call.startsWith("out"))).toEqual([]);

    server.down = false;
    await queue.flush();
    expect(server.calls.slice(-2)).toEqual(["in:Ana", "out:1"]);
    expect(server.visits.get(1)?.out).toBe(1);
    expect(queue.getState().entries).toEqual([]);
  });

  it("queues a sign-out of a visit already on the server when the server cannot be reached", async () => {
    const { queue, server } = setUp();
    await queue.signIn(visitor("Ana"));
    server.down = true;
    const result = await queue.signOut({ id: 1, FirstName: "Ana", LastName: "Lopez" });
    expect(result.queued).toBe(true);
    server.down = false;
    await queue.flush();
    expect(server.visits.get(1)?.out).toBe(1);
  });

  it("sends new entries after the waiting ones, in the order they came", async () => {
    const { queue, server } = setUp();
    server.down = true;
    await queue.signIn(visitor("Ana"));
    server.down = false;
    await queue.signIn(visitor("Ben", "4155550101"));
    // Ana's first try found no server; Ben's sign-in waits for her queued one to go first.
    expect(server.calls).toEqual(["in:Ana", "in:Ana", "in:Ben"]);
    expect([...server.visits.values()].map((visit) => visit.fields.FirstName)).toEqual([
      "Ana",
      "Ben",
    ]);
  });

  it("keeps a refused entry (and the sign-out of a refused sign-in) aside and still sends the rest", async () => {
    const tablet = setUp();
    const { queue, server } = tablet;
    await anaInAndOutOffline(tablet);
    await queue.signIn(visitor("Ben", "4155550101"));
    server.down = false;
    server.next = [409];
    await queue.flush();
    const refused = queue.getState().entries;
    expect(refused.map((entry) => [entry.kind, Boolean(entry.refused)])).toEqual([
      ["in", true],
      ["out", true],
    ]);
    expect([...server.visits.values()].map((visit) => visit.fields.FirstName)).toEqual(["Ben"]);
    await queue.dismiss(refused[0]!.key);
    expect(queue.getState().entries).toHaveLength(1);
  });

  it("stops sending and keeps the queue when the tablet was disconnected (401), and sends it once set up again", async () => {
    const { queue, store, server, unauthorized } = setUp();
    server.down = true;
    await queue.signIn(visitor("Ana"));
    server.down = false;
    server.next = [401];
    await queue.flush();
    expect(queue.getState().revoked).toBe(true);
    expect(unauthorized).toHaveLength(1);
    expect(store.entries.size).toBe(1);
    await queue.flush();
    expect(server.visits.size).toBe(0);

    // Set up again, the sheet opens and what was kept goes.
    queue.resume();
    await queue.flush();
    expect(queue.getState()).toMatchObject({ revoked: false, entries: [] });
    expect(server.visits.size).toBe(1);
  });

  it("picks up the entries a previous page left on the tablet", async () => {
    const first = setUp();
    first.server.down = true;
    await first.queue.signIn(visitor("Ana"));
    const server = new FakeServer();
    const second = setUp(first.store, server);
    await second.queue.load();
    expect(waitingEntries(second.queue.getState().entries)).toHaveLength(1);
    await second.queue.flush();
    expect(server.visits.size).toBe(1);
  });
});
