import net from "node:net";

/**
 * A TCP proxy between the server and PostgreSQL that reads the client side of the wire protocol:
 * each Sync ('S') or simple Query ('Q') is one round trip; each Bind ('B') runs a statement whose
 * text came in a Parse ('P'), on this call or, for a named prepared statement, earlier on the
 * connection. It shows exactly which SQL a request costs, without touching the server or PostgreSQL.
 */
export class SqlTrace {
  roundTrips = 0;
  statements: string[] = [];
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  reset() {
    this.roundTrips = 0;
    this.statements = [];
  }

  async start(): Promise<number> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(client).add(upstream);
      let buffer = Buffer.alloc(0);
      let started = false;
      // Each connection's statement texts by name ("" the unnamed one).
      const parsed = new Map<string, string>();
      client.on("data", (chunk: Buffer) => {
        upstream.write(chunk);
        buffer = Buffer.concat([buffer, chunk]);
        for (;;) {
          if (!started) {
            if (buffer.length < 8) break;
            const len = buffer.readInt32BE(0);
            if (buffer.length < len) break;
            const code = buffer.readInt32BE(4);
            buffer = buffer.subarray(len);
            // SSLRequest / GSSENCRequest are followed by the real startup message.
            if (code !== 80877103 && code !== 80877104) started = true;
            continue;
          }
          if (buffer.length < 5) break;
          const type = String.fromCharCode(buffer[0]!);
          const len = buffer.readInt32BE(1);
          if (buffer.length < 1 + len) break;
          if (type === "S" || type === "Q") this.roundTrips++;
          if (type === "P") {
            const body = buffer.subarray(5, 1 + len);
            const nameEnd = body.indexOf(0);
            const textEnd = body.indexOf(0, nameEnd + 1);
            parsed.set(
              body.subarray(0, nameEnd).toString(),
              body.subarray(nameEnd + 1, textEnd).toString(),
            );
          } else if (type === "B") {
            // A named prepared statement is parsed once per connection: each Bind names the text it runs.
            const body = buffer.subarray(5, 1 + len);
            const portalEnd = body.indexOf(0);
            const name = body.subarray(portalEnd + 1, body.indexOf(0, portalEnd + 1)).toString();
            this.statements.push(parsed.get(name) ?? `(prepared statement ${name})`);
          } else if (type === "Q") {
            this.statements.push(buffer.subarray(5, len).toString().replace(/\0$/, ""));
          }
          buffer = buffer.subarray(1 + len);
        }
      });
      upstream.on("data", (chunk: Buffer) => client.write(chunk));
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on("close", close).on("error", close);
      upstream.on("close", close).on("error", close);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", () => resolve()));
    const address = this.server.address();
    this.port = typeof address === "object" && address ? address.port : 0;
    return this.port;
  }

  async stop() {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
