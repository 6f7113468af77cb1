import { createServer, type AddressInfo, type Socket } from "node:net";

/**
 * A network label printer for tests, on 127.0.0.1: it takes raw TCP connections as a ZPL printer's
 * port 9100 does, answers nothing, and keeps the bytes of each connection once its sender closes
 * it. `received()` waits for the next job not yet taken. `hangs`: a printer stuck that takes
 * connections and then never reads from them nor closes them.
 */
export async function startFakePrinter({ hangs = false }: { hangs?: boolean } = {}) {
  const jobs: string[] = [];
  const waiting: Array<(job: string) => void> = [];
  let taken = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    if (hangs) return void socket.pause();
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("end", () => {
      jobs.push(Buffer.concat(chunks).toString("utf8"));
      waiting.shift()?.(jobs[taken++]!);
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: "127.0.0.1",
    port,
    jobs,
    /** The next job's bytes, as soon as its connection has ended. */
    received(): Promise<string> {
      if (taken < jobs.length) return Promise.resolve(jobs[taken++]!);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that refuses connections: a printer switched off. */
export async function refusingPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
