import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterEach, expect, test } from "vitest";
import { Api } from "./api.ts";

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

test("each call has its own connection, so a server closing an idle one as a call starts cannot reset it", async () => {
  // A server closes an idle keep-alive connection whenever its time-out comes, which may be just
  // as a client reuses it; this one does so every time, on a connection's second request.
  const answered = new WeakSet<Socket>();
  server = createServer((request, response) => {
    if (answered.has(request.socket)) {
      request.socket.destroy();
      return;
    }
    answered.add(request.socket);
    response.setHeader("set-cookie", "XSRF-TOKEN=token; Path=/");
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify({ path: request.url }));
  });
  await new Promise<void>((listening) => server!.listen(0, "127.0.0.1", listening));
  const api = await Api.create(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  try {
    for (const path of ["/one", "/two", "/three"])
      expect(await api.expect(200, "GET", path)).toEqual({ path });
  } finally {
    await api.dispose();
  }
});
