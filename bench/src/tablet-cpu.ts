import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createDatabase, dropDatabase, openSheet } from "./pg.ts";
import { createAdmin, Server } from "./server.ts";
import { adminEmail, adminPassword, createSite, setUpTablet, staffBrowser } from "./client.ts";
import { freePort, median } from "./util.ts";

/**
 * Server CPU per tablet call (sign-in without and with an Idempotency-Key, the sheet list), A/B in
 * alternating windows: two builds (SIGNIN_A, SIGNIN_B: a server main.js each) on their own
 * databases, the same keep-alive calls sent to each in turn, a fixed count per window, the server's
 * own CPU read from /proc per window. Medians of the windows; quieter than two bench runs on a
 * shared machine.
 */
const windows = Number(process.env.WINDOWS ?? 12);
const perWindow = Number(process.env.PER_WINDOW ?? 1500);
const concurrency = 4;
let phones = 0;
const scripts = [process.env.SIGNIN_A!, process.env.SIGNIN_B!];

async function start(script: string, name: string) {
  const url = await createDatabase(name);
  const nodeArgs = process.env.PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.PROFILE_DIR}`]
    : [];
  const server = new Server({ databaseUrl: url, port: await freePort(), script, nodeArgs });
  await server.start();
  await createAdmin(url, adminEmail, adminPassword, script.replace(/main\.js$/, "cli.js"));
  const staff = await staffBrowser(server.origin);
  const site = await createSite(staff, 1, 1, "cpu");
  const tablets = await Promise.all(
    Array.from({ length: concurrency }, () => setUpTablet(staff, site.locationIds[0]!)),
  );
  return { server, tablets, site, name };
}

type Side = Awaited<ReturnType<typeof start>>;

/** The server's user CPU in ms (utime, field 14 of /proc/<pid>/stat): the kernel's loopback sends left out, the noisier part. */
function userMs(side: Side): number {
  const fields = readFileSync(`/proc/${side.server.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) * 10;
}

type Call = "sign-in without key" | "sign-in with key" | "sheet list";
const allCalls: Call[] = ["sign-in without key", "sign-in with key", "sheet list"];
// CALLS="sheet list" (comma-separated) measures only those.
const calls = process.env.CALLS
  ? allCalls.filter((call) => process.env.CALLS!.split(",").includes(call))
  : allCalls;

function send(side: Side, tablet: Side["tablets"][number], call: Call) {
  if (call === "sheet list") {
    const { locationIds, programIds } = side.site;
    return tablet.request(
      "GET",
      `/api/visits?locationId=${locationIds[0]}&programId=${programIds[0]}`,
    );
  }
  return tablet.request("POST", "/api/visits", {
    headers: call === "sign-in with key" ? { "idempotency-key": randomUUID() } : {},
    json: {
      FirstName: "Ada",
      LastName: "Lovelace",
      PhoneNumber: String(2_000_000_000 + ++phones),
      Temperature: "98.6",
      LocationId: side.site.locationIds[0],
      ProgramId: side.site.programIds[0],
    },
  });
}

async function window(side: Side, call: Call): Promise<[number, number]> {
  let n = 0;
  const before = side.server.cpuMs();
  const userBefore = userMs(side);
  await Promise.all(
    side.tablets.map(async (tablet) => {
      while (n < perWindow) {
        n++;
        const reply = await send(side, tablet, call);
        if (reply.status >= 300) throw new Error(`${reply.status} ${reply.text}`);
      }
    }),
  );
  return [
    ((side.server.cpuMs() - before) / perWindow) * 1000,
    ((userMs(side) - userBefore) / perWindow) * 1000,
  ];
}

const tag = `vsi_bench_signin_cpu_${process.pid}`;
const sides = [await start(scripts[0]!, `${tag}_a`), await start(scripts[1]!, `${tag}_b`)];
try {
  for (const call of calls) {
    // The sheet lists the same 25 open visits on both builds.
    if (call === "sheet list")
      for (const { name, site } of sides)
        await openSheet(name, site.locationIds[0]!, site.programIds[0]!);
    for (const side of sides) await window(side, call); // warm-up
    const total: number[][] = [[], []];
    const user: number[][] = [[], []];
    for (let w = 0; w < windows; w++) {
      const order = w % 2 ? [1, 0] : [0, 1];
      for (const i of order) {
        const [t, u] = await window(sides[i]!, call);
        total[i]!.push(t);
        user[i]!.push(u);
      }
    }
    for (const [label, us] of [
      ["user+sys", total],
      ["user", user],
    ] as const) {
      const [a, b] = us.map(median) as [number, number];
      const ratios = us[0]!.map((x, i) => us[1]![i]! / x);
      console.log(
        `${call}, ${label}: A ${a.toFixed(0)} µs, B ${b.toFixed(0)} µs per call; B/A of medians ${(b / a).toFixed(3)}, median of window ratios ${median(ratios).toFixed(3)}`,
      );
    }
  }
} finally {
  for (const side of sides) {
    await Promise.all(side.tablets.map((t) => t.close()));
    await side.server.stop();
    await dropDatabase(side.name);
  }
}
