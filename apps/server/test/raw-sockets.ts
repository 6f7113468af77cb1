import http from "node:http";
import { connect, type Socket } from "node:net";

/**
 * A raw client socket from a chosen loopback address, recording what the server sends and whether
 * it closed the connection. It reads all the time, as a client does, so it sees the server's close.
 */
export async function openSocket(port: number, localAddress: string) {
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

export type OpenSocket = Awaited<ReturnType<typeof openSocket>>;

/**
 * Resolves once `promise` does, or rejects after `ms` saying what did not happen in time, and what
 * `explain` reads of the moment it gave up (what the server was waiting on), when given. Past `ms`
 * the outcome is the rejection, even if `promise` settles while `explain` reads.
 */
export function within<T>(
  ms: number,
  promise: Promise<T>,
  what: string,
  explain?: () => Promise<string>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      const message = `${what}: not within ${ms} ms`;
      if (!explain) return reject(new Error(message));
      explain().then(
        (found) => reject(new Error(`${message}\n${found}`)),
        (error: unknown) => reject(new Error(`${message}\n(unexplained: ${String(error)})`)),
      );
    }, ms);
    promise.then(
      (value) => {
        if (late) return;
        clearTimeout(timer);
        resolve(value);
      },
      (error: Error) => {
        if (late) return;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** Resolves once at least `count` of the sockets are closed. */
export async function untilClosed(sockets: OpenSocket[], count: number) {
  while (sockets.filter((c) => c.isClosed()).length < count)
    await Promise.race(sockets.filter((c) => !c.isClosed()).map((c) => c.closed));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes the parts one after another, `gapMs` apart, until the server closes the socket; if the
 * parts run out first, the client ends the connection itself.
 */
export async function trickle(
  socket: Socket,
  parts: string[],
  gapMs: number,
  closed: Promise<void>,
) {
  let isClosed = false;
  void closed.then(() => (isClosed = true));
  for (const part of parts) {
    if (isClosed) return;
    socket.write(part);
    await sleep(gapMs);
  }
  socket.end();
}

/** Sends GET /healthz; resolves on the response's head or on the server closing the socket. */
export async function getOn(client: OpenSocket) {
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

export const get = async (port: number, localAddress: string) =>
  getOn(await openSocket(port, localAddress));

/** One request on a connection of its own from `localAddress`, as a browser behind a router makes it. */
export function requestFrom(
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
