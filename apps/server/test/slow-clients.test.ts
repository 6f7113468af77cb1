import http from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConnectionLimits } from "../src/connection-limits.ts";
import { newLoopbackAddress } from "./addresses.ts";
import { adminClient, createCatalog, tabletClient, visitor } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { cookieHeader, openEvents } from "./sse.ts";

/**
 * A raw client socket from a chosen loopback address, recording what the server sends and whether
 * it closed the connection.
 */
async function openSocket(port: number, localAddress: string) {
  const socket = connect({ host: "127.0.0.1", port, localAddress });
  let received = "";
  let isClosed = false;
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) =>
    socket.on("close", () => {
      isClosed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, closed, isClosed: () => isClosed, received: () => received };
}

/** Resolves once `promise` does, or rejects after `ms` saying what did not happen in time. */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Writes the parts one after another, `gapMs` apart, until the server closes the socket; if the
 * parts run out first, the client ends the connection itself.
 */
async function trickle(socket: Socket, parts: string[], gapMs: number, closed: Promise<void>) {
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  for (const part of parts) {
    if (isClosed) return;
    socket.write(part);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  socket.end();
}

type OpenSocket = Awaited<ReturnType<typeof openSocket>>;

/** Sends GET /healthz; resolves on the response's head or on the server closing the socket. */
async function getOn(client: OpenSocket) {
  client.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n");
  await Promise.race([
    client.closed,
    new Promise<void>((resolve) => {
      const check = () =>
        client.received().includes("\r\n\r\n") ? resolve() : client.socket.once("data", check);
      check();
    }),
  ]);
  return client;
}

const get = async (port: number, localAddress: string) =>
  getOn(await openSocket(port, localAddress));

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

  it("closes connections past the cap for one address, and only for that address", async () => {
    const crowded = newLoopbackAddress();
    const open = await Promise.all([1, 2, 3].map(() => get(port, crowded)));
    const extra = await getOn(await openSocket(port, crowded));
    expect(extra.received()).toBe("");
    await extra.closed;
    const other = await get(port, newLoopbackAddress());
    expect(other.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of [...open, other]) c.socket.destroy();
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

  it("a connection that sends nothing is answered 408 and closed once its request head is overdue", async () => {
    const opened = Date.now();
    const client = await openSocket(port, newLoopbackAddress());
    await within(limits.headersTimeoutMs + 2_000, client.closed, "the silent connection closed");
    expect(Date.now() - opened).toBeGreaterThanOrEqual(limits.headersTimeoutMs - 100);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

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
    try {
      expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));
      await Promise.all(streams.map((s) => s.next("ready")));

      // Someone on the same network opens 50 connections and sends nothing.
      const silent = await Promise.all(Array.from({ length: 50 }, () => openSocket(port, nat)));
      const opened = Date.now();
      // Past the grace a new connection may close them.
      await new Promise((resolve) => setTimeout(resolve, limits.waitingGraceMs + 100));

      // A tablet signs a visitor in on a new connection from the same address.
      const signedIn = await requestFrom(nat, port, "POST", "/api/visits", {
        headers: { cookie, "x-xsrf-token": tablet.jar.get("XSRF-TOKEN") ?? "" },
        body: visitor(main.id, tutoring.id),
      });
      expect(signedIn.status).toBe(201);
      const visitId = (JSON.parse(signedIn.body) as { id: number }).id;

      // The new connection closed the longest-waiting silent ones at once, with nothing sent:
      // all but the cap's worth (the new one among them), well before their time-out.
      const cut = silent.length - limits.waitingPerAddress + 1;
      await within(
        1_000,
        (async () => {
          while (silent.filter((c) => c.isClosed()).length < cut)
            await Promise.race(silent.filter((c) => !c.isClosed()).map((c) => c.closed));
        })(),
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
    }
  }, 60_000);
});

/** One request on a connection of its own from `localAddress`, as a browser behind a router makes it. */
function requestFrom(
  localAddress: string,
  port: number,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress,
        method,
        path,
        agent: false,
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
