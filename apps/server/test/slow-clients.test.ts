import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newLoopbackAddress } from "./addresses.ts";
import { startTestServer, type TestServer } from "./harness.ts";

/**
 * A raw client socket from a chosen loopback address, recording what the server sends and whether
 * it closed the connection.
 */
async function openSocket(port: number, localAddress: string) {
  const socket = connect({ host: "127.0.0.1", port, localAddress });
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  return { socket, closed, received: () => received };
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

  it("each keep their own connection open from one address, with the default limits", async () => {
    const port = (server.app.server.address() as { port: number }).port;
    const nat = newLoopbackAddress();
    const tablets = await Promise.all(Array.from({ length: 200 }, () => get(port, nat)));
    expect(tablets.filter((t) => /^HTTP\/1\.1 200 /.test(t.received()))).toHaveLength(200);
    for (const t of tablets) t.socket.destroy();
  });
});
