/** `pnpm --filter @vsi/bench report [file.json]`: bench/RESULTS.md from a run (the newest by default). */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { benchDir, repoDir } from "./config.ts";
import type { Results } from "./results.ts";
import type { Rate } from "./rates.ts";
import type { NetworkRun } from "./network.ts";
import type { LoadResult } from "./tablets.ts";
import type { Percentiles } from "./util.ts";
import { summaryStatements } from "./summary-statements.ts";

const dir = path.join(benchDir, "results");
const newest = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .at(-1);
const file = path.resolve(process.argv[2] ?? path.join(dir, newest ?? "none.json"));
const r = JSON.parse(readFileSync(file, "utf8")) as Results;

type Cell = string | number;
const n = (value: number | undefined, digits = 0) =>
  value === undefined ? "–" : value.toLocaleString("en-US", { maximumFractionDigits: digits });
const ms = (value: number | undefined) => (value === undefined ? "–" : `${n(value, 1)} ms`);
const pct = (p: Percentiles | null) => (p ? [p.p50, p.p95, p.p99].map(ms).join(" / ") : "–");
const code = (text: string) => `\`${text}\``;
/** An EXPLAIN ANALYZE's "Execution Time", in ms. */
const executionMs = (plan: string | undefined) =>
  plan?.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? "–";

const out = [
  "# Bench results",
  "",
  `Rendered by ${code("pnpm --filter @vsi/bench report")} from ${code(path.relative(repoDir, file))}. What each figure measures: bench/README.md.`,
];
if (r.note) out.push("", `> ${r.note}`);

function section(title: string, head: string[], rows: Cell[][]) {
  if (!rows.length) return;
  const line = (cells: Cell[]) => `| ${cells.join(" | ")} |`;
  out.push("", `## ${title}`, "", line(head), line(head.map(() => "---")), ...rows.map(line));
}

const env = Object.entries(r.env)
  .filter(([k]) => k !== "BENCH_NOTE")
  .sort()
  .map(([k, v]) => code(`${k}=${v}`));
const m = r.machine;
section(
  "Run",
  ["", ""],
  [
    ["started", `${r.startedAt}, finished ${r.finishedAt ?? "–"}`],
    ["commit", r.commit + (r.dirty ? " with uncommitted changes" : "")],
    ["before", r.before ? `${r.before.commit}, ${code(r.before.main)}` : "–"],
    ["command", `${code(r.command.join(" "))} in ${code(r.cwd)}`],
    ["settings", env.join(" ") || "the defaults"],
    [
      "machine",
      `${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.os}, load ${m.loadAverage.map((x) => n(x, 1)).join(" ")}`,
    ],
    ["software", `Node ${m.node}; ${m.postgres}`],
  ],
);

const bound = (t: Results["thresholds"][number]) =>
  t.atMost !== undefined ? `≤ ${n(t.atMost, 3)}` : `≥ ${n(t.atLeast, 3)}`;
const met = (t: Results["thresholds"][number], value: number | undefined) =>
  value === undefined
    ? "not measured"
    : (t.atMost ?? Infinity) >= value && (t.atLeast ?? -Infinity) <= value
      ? "yes"
      : "**no**";
section(
  "Thresholds",
  ["figure", "threshold", "measured", "met"],
  r.thresholds.map((t) => [
    code(t.figure),
    bound(t),
    n(r.figures[t.figure], 3),
    met(t, r.figures[t.figure]),
  ]),
);
section(
  "Other figures",
  ["figure", "value"],
  Object.entries(r.figures)
    .filter(([name]) => !r.thresholds.some((t) => t.figure === name))
    .map(([name, value]) => [code(name), n(value, 3)]),
);

const loadHead = [
  "run",
  "tablets × s",
  "loops/s",
  "sign-in p50 / p95 / p99",
  "sheet list",
  "sign-out",
  "errors",
];
const loadRow = (label: string, x: LoadResult): Cell[] => [
  label,
  `${x.tablets} × ${n(x.seconds, 1)}`,
  n(x.loopsPerSecond, 1),
  pct(x.latency.signIn),
  pct(x.latency.list),
  pct(x.latency.signOut),
  Object.entries(x.errors)
    .map(([kind, count]) => `${kind} ×${count}`)
    .join(", ") || 0,
];
const checkHead = ["acknowledged", "rows", "lost", "doubled", "unacknowledged", "sign-outs lost"];
const checkRow = (x: LoadResult) => Object.values(x.check);

section(
  "Tablets",
  [...loadHead, ...checkHead],
  r.tablets.map((t) => [
    ...loadRow(`${t.build}, round ${t.round}`, t.result),
    ...checkRow(t.result),
  ]),
);
section(
  "WAL per sign-in (1,000 at a sheet that asks nothing, after a checkpoint)",
  ["run", "the log moved", "per sign-in", "its records", "their own", "page images", "errors"],
  (r.wal ?? []).map(({ build, round, result: x }) => [
    `${build}, round ${round}`,
    `${n(x.walBytes)} B`,
    `${n(x.walBytesPerSignIn)} B`,
    x.recordBytesPerSignIn === undefined ? "–" : `${n(x.recordBytesPerSignIn)} B`,
    x.ownRecordBytesPerSignIn === undefined ? "–" : `${n(x.ownRecordBytesPerSignIn)} B`,
    x.pageImageBytesPerSignIn === undefined ? "–" : `${n(x.pageImageBytesPerSignIn)} B`,
    x.errors,
  ]),
);
const rateCells = (x: Rate) => [n(x.perSecond), `${ms(x.p50)} / ${ms(x.p99)}`, x.errors];
section(
  `Rates under ${r.settings.connections} connections`,
  [
    "run",
    "sign-ins/s",
    "p50 / p99",
    "errors",
    "WAL per sign-in",
    "sheet lists/s",
    "p50 / p99",
    "errors",
  ],
  r.rates.map(({ build, round, result: { signIn: a, sheetList: b, walBytesPerSignIn } }) => [
    `${build}, round ${round}`,
    ...rateCells(a),
    walBytesPerSignIn === undefined ? "–" : `${n(walBytesPerSignIn)} B`,
    ...rateCells(b),
  ]),
);
section(
  "History",
  ["visits", "seeded in", "sheet lists/s", "report's first page"],
  (r.history?.sizes ?? []).map((s) => [
    n(s.visits),
    `${n(s.seedSeconds, 1)} s`,
    n(s.sheetPerSecond),
    ms(s.firstPageMs),
  ]),
);
const summary = r.history?.funderSummary;
section(
  "Funder summary (a year of the history)",
  [
    "where",
    "median",
    "households (new)",
    "individuals",
    "by age",
    "statements (EXPLAIN ANALYZE, ms)",
  ],
  summary
    ? (
        [
          ["one location", summary.oneLocation],
          ["every location", summary.allLocations],
        ] as const
      ).map(([where, at]) => [
        where,
        at.beforeMs === undefined ? ms(at.ms) : `${ms(at.ms)} (before ${ms(at.beforeMs)})`,
        at.households === undefined ? "–" : `${n(at.households)} (${n(at.newHouseholds)})`,
        n(at.individuals),
        (at.ageBands ?? []).map((b) => `${b.band}: ${n(b.count)}`).join(", ") || "–",
        summaryStatements.map((name, i) => `${name} ${executionMs(at.plans[i])}`).join(", "),
      ])
    : [],
);
if (summary?.data)
  out.push(
    "",
    `Over ${n(summary.data.visits)} visits by ${n(summary.data.people)} people` +
      (summary.data.households ? ` in ${n(summary.data.households)} households` : "") +
      `; ${n(summary.data.visitsWithAnswers)} visits answered questions, ${n(summary.data.answers)} answers in all. ` +
      "The plans are in the JSON (`history.funderSummary.*.plans`).",
  );
const csv = r.history?.csv;
section(
  "CSV export",
  ["rows", "server rows/s", "psql COPY rows/s", "server ÷ COPY"],
  csv ? [[n(csv.rows), n(csv.rowsPerSecond), n(csv.copyRowsPerSecond), n(csv.ratio, 2)]] : [],
);
const live = r.live;
section(
  "Live streams",
  ["streams", "changes", "deliveries lost", "delivery p50 / p95 / p99", "max"],
  live
    ? [
        [
          live.streams,
          live.changes,
          `${live.lost} of ${live.expected}`,
          pct(live.delivery),
          ms(live.delivery?.max),
        ],
      ]
    : [],
);
section(
  `Kiosk's first visit (${r.kiosk?.dist})`,
  ["file", "bytes", "gzipped"],
  r.kiosk
    ? [
        ...r.kiosk.files.map((f) => [code(f.file), n(f.bytes), n(f.gzipBytes)]),
        ["total", n(r.kiosk.bytes), n(r.kiosk.gzipBytes)],
      ]
    : [],
);
section(
  "Faults",
  [...loadHead, ...checkHead, "fault at", "gave up", "server survived"],
  Object.entries(r.faults).map(([name, f]) => [
    ...loadRow(name, f.load),
    ...checkRow(f.load),
    `${n(f.faultAt, 1)} s`,
    f.load.gaveUp,
    f.serverSurvived ? "yes" : "no",
  ]),
);
const line = r.line;
section(
  "The line (tablets and the door on process A and B, calls on A, screens and phones on B)",
  [
    "tablets × s",
    "door sign-ins",
    "numbers given",
    "duplicates",
    "gaps",
    "failed sign-ins",
    "calls",
    "call-next p50 / p95 / p99",
    "call → screen",
    "call → phone",
    "unseen (screen, phone)",
  ],
  line
    ? [
        [
          `${line.tablets} × ${n(line.seconds, 1)}`,
          line.doorSignIns,
          n(line.numbers.numbersGiven),
          line.numbers.duplicates,
          line.numbers.gaps,
          line.failedSignIns,
          line.calls,
          pct(line.callAnswer),
          pct(line.callToScreen),
          pct(line.callToPhone),
          `${line.screenUnseen}, ${line.phoneUnseen}`,
        ],
      ]
    : [],
);
if (line)
  section(
    "The line's tablets",
    [...loadHead, ...checkHead],
    [[...loadRow("tablets", line.load), ...checkRow(line.load)]],
  );
const network = r.network;
const networkRuns: Array<[string, NetworkRun]> = [];
if (network) {
  networkRuns.push(
    ["1 process", network.single],
    [`${network.processes} processes`, network.several],
  );
  if (!("skipped" in network.pgbouncer))
    networkRuns.push([
      `${network.processes} through PgBouncer ${network.pgbouncer.version}${network.pgbouncer.namedStatements === false ? " (no named statements)" : ""}`,
      network.pgbouncer,
    ]);
}
section(
  `Network (a tablet pauses ${network?.pauseSeconds ?? "–"} s between visitors; streams on another process than their location's tablets)`,
  [
    "run",
    "locations",
    "sign-ins/s",
    ...loadHead.slice(1),
    ...checkHead,
    "live p50 / p95 / p99",
    "live lost",
  ],
  networkRuns.map(([label, run]) => [
    label,
    run.locations,
    n(run.signInsPerSecond, 1),
    ...loadRow(label, run.load).slice(1),
    ...checkRow(run.load),
    pct(run.delivery),
    run.liveLost,
  ]),
);
if (network && "skipped" in network.pgbouncer)
  out.push("", `Through PgBouncer: skipped, ${network.pgbouncer.skipped}.`);
section(
  "Scheduled jobs across the processes (pg-boss's jobs made during each load)",
  ["run", "job", "schedule", "jobs", "completed", "a tick run twice"],
  networkRuns.flatMap(([label, run]) =>
    (run.jobs?.jobs ?? []).map((job) => [
      label,
      code(job.name),
      code(job.cron),
      job.runs,
      job.completed,
      job.twice,
    ]),
  ),
);
const households = r.households;
section(
  households
    ? `Households (${n(households.households)} households of 3, visit limit ${households.visitLimit.count} a ${households.visitLimit.per})`
    : "Households",
  [...loadHead, ...checkHead, "eligibility"],
  (households?.runs ?? []).map((run) => [
    ...loadRow(`${run.mode}, round ${run.round}`, run.result),
    ...checkRow(run.result),
    Object.entries(households!.eligibility[`House${run.round}`] ?? {})
      .filter(() => run.mode === "households")
      .map(([kind, count]) => `${kind} ${count}`)
      .join(", ") || "–",
  ]),
);
if (r.failures.length) out.push("", "## Failures", "", ...r.failures.map((f) => `- ${f}`));

writeFileSync(path.join(benchDir, "RESULTS.md"), out.join("\n") + "\n");
console.log(`bench/RESULTS.md rendered from ${file}`);
