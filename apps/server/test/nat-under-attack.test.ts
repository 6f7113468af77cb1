import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newLoopbackAddress } from "./addresses.ts";
import { adminClient, createCatalog, tabletClient, visitor } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { cleanEnv } from "./processes.ts";
import { requestFrom, sleep, within } from "./raw-sockets.ts";
import { cookieHeader, openEvents } from "./sse.ts";

/**
 * Someone on a site's network (its tablets' NAT address) opens connections that trickle a body a
 * byte at a time, and connections that send nothing, again as the server closes them, while the
 * site's tablets keep working. The waiting cap as shipped (100 per address); the connection cap
 * lowered to 500 (the tablets' 200 streams and room to spare) and the grace lengthened, so that
 * the attack fills the cap before any of its connections is overdue, as it did in the attack seen,
 * however slowly this machine accepts them; time-outs shortened so the test takes seconds.
 */
const limits = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 1_000,
  checkEveryMs: 100,
  waitingGraceMs: 3_000,
  connectionsPerAddress: 500,
};
const tablets = 200;
const attack = {
  TRICKLERS: 1_000,
  TRICKLE_LIVES: 2,
  // A byte every 2 s in the attack seen.
  TRICKLE_GAP_MS: 2_000,
  SILENT_IN_ALL: 5_000,
  SILENT_AT_ONCE: 400,
};

interface Counts {
  trickling: number;
  silent: number;
  closedByServer: number;
}

/** The attacker (attacker-process.ts) from `address`, its counts as it last said them. */
function startAttack(port: number, address: string) {
  const script = path.resolve(import.meta.dirname, "attacker-process.ts");
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: cleanEnv({
      PORT: String(port),
      ADDRESS: address,
      ...Object.fromEntries(Object.entries(attack).map(([name, value]) => [name, String(value)])),
    }),
  });
  const counts: Counts = { trickling: 0, silent: 0, closedByServer: 0 };
  createInterface({ input: child.stdout }).on("line", (line) =>
    Object.assign(counts, JSON.parse(line) as Counts),
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    counts,
    /** Resolves once the counts say so. */
    async until(done: (counts: Counts) => boolean) {
      while (!done(counts)) await sleep(20);
    },
    async stop() {
      child.stdin.write("stop\n");
      await within(10_000, exited, "the attacker stopped");
    },
  };
}

describe("200 tablets behind one address, while someone at that address attacks", () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ limits });
    await server.app.listen({ host: "127.0.0.1", port: 0 });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  it("keep their live streams, and every sign-in and sheet of theirs succeeds, while 1,000 trickling and 5,000 silent connections from that address come and go", async () => {
    const admin = await adminClient(server);
    const { main, tutoring } = await createCatalog(admin);
    const tablet = await tabletClient(server, main.id);
    const cookie = cookieHeader(tablet.jar);
    const xsrf = tablet.jar.get("XSRF-TOKEN") ?? "";
    const nat = newLoopbackAddress();

    const streams = await Promise.all(
      Array.from({ length: tablets }, () =>
        openEvents(`http://127.0.0.1:${port}/api/locations/${main.id}/events`, { cookie }, nat),
      ),
    );
    expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
    await Promise.all(streams.map((s) => s.next("ready")));
    // The address holds as many connections as it may: the cap is what is tried.
    let most = 0;
    const sampling = setInterval(
      () => server.app.server.getConnections((_error, count) => (most = Math.max(most, count))),
      20,
    );
    const siege = startAttack(port, nat);
    try {
      // Under way: every slow body has connected, and a thousand silent connections came.
      await within(
        60_000,
        siege.until((c) => c.trickling >= attack.TRICKLERS && c.silent >= 1_000),
        "the attack under way",
      );

      // Each tablet signs a visitor in and reads its sheet, each on a new connection, one after
      // another as the silent connections come; a request that fails says how.
      const send = (method: string, path: string, body?: unknown) =>
        requestFrom(nat, port, method, path, {
          headers: { cookie, "x-xsrf-token": xsrf },
          body,
        }).catch((error: NodeJS.ErrnoException) => ({
          status: error.code ?? error.message,
          body: "",
        }));
      const spacing = (attack.SILENT_IN_ALL - 1_000) / tablets;
      const working: Array<Promise<Array<number | string>>> = [];
      for (let i = 0; i < tablets; i++) {
        await siege.until((c) => c.silent >= 1_000 + i * spacing);
        working.push(
          (async () => {
            const signedIn = await send("POST", "/api/visits", visitor(main.id, tutoring.id));
            const sheet = await send("GET", `/api/visits?locationId=${main.id}`);
            return [signedIn.status, sheet.status];
          })(),
        );
      }
      const outcomes = await Promise.all(working);
      const failed = outcomes.filter(([signedIn, sheet]) => signedIn !== 201 || sheet !== 200);
      expect(failed).toEqual([]);

      // The attack ran at full strength throughout: its connections came and went, the server
      // closing them, and the address held all it may.
      await within(
        60_000,
        siege.until((c) => c.silent >= attack.SILENT_IN_ALL),
        "every silent connection opened",
      );

      expect(siege.counts.trickling).toBeGreaterThan(attack.TRICKLERS);
      expect(siege.counts.closedByServer).toBeGreaterThan(attack.SILENT_IN_ALL);
      expect(most).toBeGreaterThanOrEqual(limits.connectionsPerAddress);

      // And every tablet's stream stayed open: each hears a sign-in made now.
      const last = await send("POST", "/api/visits", visitor(main.id, tutoring.id));
      expect(last.status).toBe(201);
      const lastId = (JSON.parse(last.body) as { id: number }).id;
      const heard = await Promise.all(
        streams.map((s) => s.next("visit", (data) => data.visitId === lastId)),
      );
      expect(heard).toHaveLength(tablets);
    } finally {
      clearInterval(sampling);
      await siege.stop();
      for (const s of streams) s.close();
    }
  }, 180_000);
});
