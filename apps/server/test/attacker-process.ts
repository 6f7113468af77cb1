// The attacker of nat-under-attack.test.ts, in a process of its own so that its sockets' work is
// not the server's: from ADDRESS to 127.0.0.1:PORT, TRICKLERS connections that send a request
// head and then its body a byte every TRICKLE_GAP_MS, each opened again (after a pause) when the
// server closes it, up to TRICKLE_LIVES times; and SILENT_IN_ALL connections that send nothing,
// SILENT_AT_ONCE at a time, each followed by the next once the server closes it. It writes its
// counts as a JSON line every 100 ms, and on a "stop" line on stdin closes what is open, writes
// them once more and exits.
import { connect, type Socket } from "node:net";
import { createInterface } from "node:readline";

const env = (name: string) => Number(process.env[name]);
const port = env("PORT");
const localAddress = process.env.ADDRESS!;
const tricklers = env("TRICKLERS");
const trickleLives = env("TRICKLE_LIVES");
const trickleGapMs = env("TRICKLE_GAP_MS");
const silentInAll = env("SILENT_IN_ALL");
const silentAtOnce = env("SILENT_AT_ONCE");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// A slow body: its head says 1,000 bytes. tRPC reads a multipart body itself, in its handler.
const slowHeads = [
  "POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
  "POST /trpc/auth.login HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 1000\r\n\r\n",
];

let stopped = false;
const live = new Set<Socket>();
const counts = { trickling: 0, silent: 0, closedByServer: 0 };

/** One connection, resolved when it closes; `talk` writes to it while it is open. */
const connection = (talk?: (write: (text: string) => void, open: () => boolean) => Promise<void>) =>
  new Promise<void>((resolve) => {
    const socket = connect({ host: "127.0.0.1", port, localAddress });
    live.add(socket);
    socket.on("error", () => undefined);
    // A client reads, so it sees the server's close.
    socket.resume();
    socket.once("close", () => {
      live.delete(socket);
      if (!stopped) counts.closedByServer += 1;
      resolve();
    });
    if (talk)
      socket.once(
        "connect",
        () =>
          void talk(
            (text) => void (!socket.destroyed && socket.write(text)),
            () => !socket.destroyed && !stopped,
          ),
      );
  });

async function trickler(index: number) {
  for (let life = 0; life < trickleLives && !stopped; life++) {
    counts.trickling += 1;
    await connection(async (write, open) => {
      write(slowHeads[index % slowHeads.length]!);
      for (let i = 0; i < 1_000 && open(); i++) {
        await sleep(trickleGapMs);
        write(" ");
      }
    });
    await sleep(500);
  }
}

async function silent() {
  while (!stopped && counts.silent < silentInAll) {
    counts.silent += 1;
    await connection();
  }
}

// Started a few at a time, as a listening socket's queue takes them.
const running = [
  ...Array.from({ length: tricklers }, (_, i) => sleep(i * 2).then(() => trickler(i))),
  ...Array.from({ length: silentAtOnce }, (_, i) => sleep(i * 2).then(silent)),
];
const report = () => process.stdout.write(`${JSON.stringify(counts)}\n`);
const reporting = setInterval(report, 100);
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line !== "stop") return;
  stopped = true;
  for (const socket of live) socket.destroy();
  void Promise.all(running).then(() => {
    clearInterval(reporting);
    report();
    process.exit(0);
  });
});
