// The second process of the job runner's test (job-runs.ts starts it): a runner of the test's
// queue on DATABASE_URL, in a process of its own as a second server's would be. It says "polling"
// once it works, queues one run for each "send" line on stdin (answering "sent"), and on SIGTERM
// stops as the server does, after the job in hand.
import { createInterface } from "node:readline";
import { createDb } from "@vsi/db";
import { startJobRunner } from "../src/jobs/index.ts";
import { countRunsJob, countRunsQueue } from "./job-runs.ts";

const databaseUrl = process.env.DATABASE_URL!;
const db = await createDb({ databaseUrl, poolSize: 1 });
const runner = await startJobRunner({
  db,
  databaseUrl,
  jobs: [countRunsJob(db, process.env.JOB_PROCESS_NAME ?? "other")],
  log: { info: () => undefined, error: (line) => void process.stderr.write(`${line}\n`) },
  pollingIntervalSeconds: 0.5,
});
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line === "send")
    void runner.runNow(countRunsQueue).then(() => process.stdout.write("sent\n"));
});
process.once("SIGTERM", () => {
  void runner
    .stop()
    .then(() => db.close())
    .then(() => process.exit(0));
});
process.stdout.write("polling\n");
