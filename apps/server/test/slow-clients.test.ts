import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConnectionLimits } from "../src/connection-limits.ts";
import { newLoopbackAddress } from "./addresses.ts";
import {
  get,
  getOn,
  openSocket,
  requestFrom,
  sleep,
  trickle,
  untilClosed,
  within,
} from "./raw-sockets.ts";
import { adminClient, createCatalog, tabletClient, visitor } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { cookieHeader, openEvents } from "./sse.ts";

describe("slow clients", () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    // Short limits so the test need not wait long; the checks run every 100 ms.
    server = await startTestServer({
      limits: {
        requestTimeoutMs: 1_000,
        headersTimeoutMs: 500,
        checkEveryMs: 100,
        connectionsPerAddress: 3,
      },
    });
    await server.app.listen({ host: "127.0.0.1", port: 0 });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  it("a POST whose body trickles in is cut off with 408 before it completes", async () => {
    const client = await openSocket(port, newLoopbackAddress());
    const headers =
      "POST /api/passwords HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAuthorization: Bearer not-a-real-token\r\nContent-Length: 100\r\n\r\n";
    // 100 bytes, one every 200 ms: 20 s if nobody stops it.
    await trickle(
      client.socket,
      [headers, ...Array.from({ length: 100 }, () => " ")],
      200,
      client.closed,
    );
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);

  it("headers that trickle in are cut off with 408", async () => {
    const client = await openSocket(port, newLoopbackAddress());
    const parts = [
      "GET /healthz HTTP/1.1\r\n",
      ...Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: 1\r\n`),
    ];
    await trickle(client.socket, parts, 200, client.closed);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 60_000);

  it("at the cap, a new connection takes the place of the address's longest-waiting one instead of being refused", async () => {
    const crowded = newLoopbackAddress();
    // Three answered connections, each idle now: waiting for its next request.
    const idle = [];
    for (let i = 0; i < 3; i++) idle.push(await get(port, crowded));
    const extra = await get(port, crowded);
    expect(extra.received()).toMatch(/^HTTP\/1\.1 200 /);
    await within(1_000, idle[0]!.closed, "the longest-waiting connection closed");
    expect(idle.slice(1).map((c) => c.isClosed())).toEqual([false, false]);
    for (const c of [...idle, extra]) c.socket.destroy();
  });

  it("counts a body that trickles in as waiting, even one its route reads itself", async () => {
    const crowded = newLoopbackAddress();
    // tRPC reads a multipart body in its handler, after the hooks that see a request whole.
    const head =
      "POST /trpc/auth.login HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100\r\n\r\n";
    const slow = [];
    for (let i = 0; i < 3; i++) {
      const client = await openSocket(port, crowded);
      void trickle(
        client.socket,
        [head, ...Array.from({ length: 100 }, () => " ")],
        50,
        client.closed,
      );
      slow.push(client);
      await sleep(20);
    }
    const extra = await get(port, crowded);
    expect(extra.received()).toMatch(/^HTTP\/1\.1 200 /);
    await within(1_000, slow[0]!.closed, "the longest-waiting body closed");
    expect(slow[0]!.received()).toBe("");
    for (const c of [...slow, extra]) c.socket.destroy();
  });

  it("refuses a connection past the cap only when none of the address's connections is waiting, and only for that address", async () => {
    const admin = await adminClient(server);
    const { main } = await createCatalog(admin);
    const tablet = await tabletClient(server, main.id);
    const crowded = newLoopbackAddress();
    // Three live streams: each request is whole and being answered, so none is waiting.
    const streams = await Promise.all(
      [1, 2, 3].map(() =>
        openEvents(
          `http://127.0.0.1:${port}/api/locations/${main.id}/events`,
          { cookie: cookieHeader(tablet.jar) },
          crowded,
        ),
      ),
    );
    try {
      await Promise.all(streams.map((s) => s.next("ready")));
      const extra = await getOn(await openSocket(port, crowded));
      expect(extra.received()).toBe("");
      await extra.closed;
      const other = await get(port, newLoopbackAddress());
      expect(other.received()).toMatch(/^HTTP\/1\.1 200 /);
      other.socket.destroy();
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe("200 tablets behind one NAT", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(() => server.close());

  it("the defaults: a request head within 5 s, idle keep-alive closed after 5 s, at most 100 connections of an address waiting", () => {
    expect(defaultConnectionLimits).toMatchObject({
      headersTimeoutMs: 5_000,
      keepAliveTimeoutMs: 5_000,
      checkEveryMs: 1_000,
      requestTimeoutMs: 60_000,
      waitingPerAddress: 100,
      waitingGraceMs: 1_000,
      connectionsPerAddress: 1_000,
    });
    const node = server.app.server;
    expect([node.headersTimeout, node.keepAliveTimeout, node.requestTimeout]).toEqual([
      5_000, 5_000, 60_000,
    ]);
  });

  it("each keep their own connection open from one address, with the default limits", async () => {
    const port = (server.app.server.address() as { port: number }).port;
    const nat = newLoopbackAddress();
    const tablets = await Promise.all(Array.from({ length: 200 }, () => get(port, nat)));
    expect(tablets.filter((t) => /^HTTP\/1\.1 200 /.test(t.received()))).toHaveLength(200);
    for (const t of tablets) t.socket.destroy();
  });
});

describe("connections waiting for a request", () => {
  // Short limits so the test need not wait long; the checks run every 100 ms.
  const limits = {
    headersTimeoutMs: 5_000,
    keepAliveTimeoutMs: 300,
    checkEveryMs: 100,
    waitingPerAddress: 10,
    waitingGraceMs: 200,
  };
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer({ limits });
    await server.app.listen({ host: "127.0.0.1", port: 0 });
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(() => server.close());

  it("connections that send nothing are answered 408 and closed once their request head is overdue, on a quiet server", async () => {
    const opened = Date.now();
    const address = newLoopbackAddress();
    // As many as the address may keep waiting: none is closed for the cap.
    const silent = await Promise.all(
      Array.from({ length: limits.waitingPerAddress }, () => openSocket(port, address)),
    );
    await within(
      limits.headersTimeoutMs + 2_000,
      Promise.all(silent.map((c) => c.closed)),
      "the silent connections closed",
    );
    expect(Date.now() - opened).toBeGreaterThanOrEqual(limits.headersTimeoutMs - 100);
    for (const c of silent) expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it("keeps an address's waiting connections to the cap with no new connection coming: the longest-waiting past it are closed within a check", async () => {
    const address = newLoopbackAddress();
    const silent = await Promise.all(Array.from({ length: 50 }, () => openSocket(port, address)));
    const cut = silent.length - limits.waitingPerAddress;
    try {
      await within(
        limits.waitingGraceMs + 10 * limits.checkEveryMs,
        untilClosed(silent, cut),
        `${cut} silent connections closed`,
      );
      // Closed with nothing sent, the oldest first; the rest wait for their head's time-out.
      expect(silent.slice(0, cut).map((c) => c.received())).toEqual(
        silent.slice(0, cut).map(() => ""),
      );
      expect(silent.slice(cut).every((c) => !c.isClosed())).toBe(true);
    } finally {
      for (const c of silent) c.socket.destroy();
    }
  });

  it("an idle keep-alive connection is closed soon after its last response", async () => {
    const client = await get(port, newLoopbackAddress());
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    // Node closes an idle keep-alive socket up to a second after keepAliveTimeout.
    await within(limits.keepAliveTimeoutMs + 2_000, client.closed, "the idle connection closed");
  }, 30_000);

  it("an address's silent connections past the cap are closed, oldest first, while 200 tablets behind that address keep their streams and sign visitors in", async () => {
    const admin = await adminClient(server);
    const { main, tutoring } = await createCatalog(admin);
    const tablet = await tabletClient(server, main.id);
    const cookie = cookieHeader(tablet.jar);
    const base = `http://127.0.0.1:${port}`;
    const nat = newLoopbackAddress();

    // 200 tablets behind one router, each holding its live sheet open.
    const streams = await Promise.all(
      Array.from({ length: 200 }, () =>
        openEvents(`${base}/api/locations/${main.id}/events`, { cookie }, nat),
      ),
    );
    // Closed whatever happens, so that a failure is not followed by a server that cannot close.
    let silent: Array<Awaited<ReturnType<typeof openSocket>>> = [];
    try {
      expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
      await Promise.all(streams.map((s) => s.next("ready")));

      // Someone on the same network opens 50 connections and sends nothing.
      silent = await Promise.all(Array.from({ length: 50 }, () => openSocket(port, nat)));
      const opened = Date.now();
      // Once past the grace, the checks close the longest-waiting down to the cap. Waited for
      // rather than slept on: a loaded server may accept them late, and the grace runs from then.
      const overCap = silent.length - limits.waitingPerAddress;
      await within(
        limits.headersTimeoutMs,
        untilClosed(silent, overCap),
        `${overCap} silent connections closed`,
      );

      // A tablet signs a visitor in on a new connection from the same address: it takes the
      // place of the longest-waiting silent one, every one left now being past the grace.
      const signedIn = await requestFrom(nat, port, "POST", "/api/visits", {
        headers: { cookie, "x-xsrf-token": tablet.jar.get("XSRF-TOKEN") ?? "" },
        body: visitor(main.id, tutoring.id),
      });
      expect(signedIn.status).toBe(201);
      const visitId = (JSON.parse(signedIn.body) as { id: number }).id;

      // All closed with nothing sent, the oldest first, before their time-out (which would have
      // answered 408). Waited for up to that time-out: a loaded machine is slow to say so.
      const cut = overCap + 1;
      await within(
        limits.headersTimeoutMs - (Date.now() - opened),
        untilClosed(silent, cut),
        `${cut} silent connections closed`,
      );
      expect(Date.now() - opened).toBeLessThan(limits.headersTimeoutMs);
      const closedAtOnce = silent.filter((c) => c.isClosed());
      expect(closedAtOnce.length).toBe(cut);
      expect(closedAtOnce.map((c) => c.received())).toEqual(closedAtOnce.map(() => ""));
      // The oldest went first: the ones left are the last opened.
      expect(silent.slice(cut).every((c) => !c.isClosed())).toBe(true);

      // Every tablet's stream is still open and brings the sign-in.
      const events = await Promise.all(
        streams.map((s) => s.next("visit", (data) => data.visitId === visitId)),
      );
      expect(events).toHaveLength(200);

      // The rest are answered 408 and closed by the request head's time-out.
      await within(
        limits.headersTimeoutMs + 2_000,
        Promise.all(silent.map((c) => c.closed)),
        "every silent connection closed",
      );
      for (const c of silent.slice(cut)) expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      for (const s of streams) s.close();
      for (const c of silent) c.socket.destroy();
    }
  }, 60_000);
});
