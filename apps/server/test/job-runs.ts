import { spawn } from "node:child_process";
import path from "node:path";
import { sql, type Db } from "@vsi/db";
import { baselineWasm } from "@vsi/test-utils";
import type { ScheduledJob } from "../src/jobs/index.ts";
import { cleanEnv } from "./processes.ts";

/** The test's queue: a job that only notes, in the database, which process ran it. */
export const countRunsQueue = "count-runs";

export async function createRunsTable(db: Db): Promise<void> {
  await sql`create table if not exists job_runs (id serial primary key, who text not null)`.execute(
    db.kysely,
  );
}

export function countRunsJob(db: Db, who: string): ScheduledJob {
  return {
    name: countRunsQueue,
    // Never by the calendar during a test: every run is one queued with runNow.
    cron: "0 0 1 1 *",
    run: () => sql`insert into job_runs (who) values (${who})`.execute(db.kysely),
  };
}

/** Who ran each job so far, in the order they ran. */
export async function runsSoFar(db: Db): Promise<string[]> {
  const { rows } = await sql<{ who: string }>`select who from job_runs order by id`.execute(
    db.kysely,
  );
  return rows.map((row) => row.who);
}

export interface JobProcess {
  /** Queues one run from that process. */
  send(): Promise<void>;
  /** Stops its runner as the server does on SIGTERM (waiting for a job in hand); its exit code. */
  stop(): Promise<number | null>;
  output(): string;
}

const script = path.resolve(import.meta.dirname, "job-process.ts");

/** A second process with its own job runner on the same PostgreSQL database, once it polls. */
export async function startJobProcess(databaseUrl: string, who: string): Promise<JobProcess> {
  const child = spawn(process.execPath, [...baselineWasm, "--import", "tsx", script], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: cleanEnv({ DATABASE_URL: databaseUrl, JOB_PROCESS_NAME: who }),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  let wake = () => undefined as void;
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    wake();
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  /** Resolves once the output holds `count` lines `line`; rejects if the process exits first. */
  const said = (line: string, count = 1) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.split("\n").filter((l) => l === line).length >= count) resolve();
      };
      wake = check;
      check();
      void exited.then((code) => reject(new Error(`job process exited (${code}):\n${output}`)));
    });
  await said("polling");
  let sent = 0;
  return {
    async send() {
      child.stdin.write("send\n");
      await said("sent", ++sent);
    },
    async stop() {
      child.stdin.end();
      child.kill("SIGTERM");
      return exited;
    },
    output: () => output,
  };
}

/**
 * The next completion of a test job fails, as when the database goes away between the job's end
 * and its completion (a restart): a trigger refuses it once. A sequence counts the refusals, as
 * it keeps its value when the refused statement rolls back.
 */
export async function refuseNextCompletion(db: Db): Promise<void> {
  await sql`create sequence completions_refused`.execute(db.kysely);
  await sql`
    create function refuse_first_completion() returns trigger language plpgsql as $$
    begin
      if nextval('completions_refused') = 1 then
        raise exception 'completion refused: the database went away';
      end if;
      return new;
    end $$`.execute(db.kysely);
  await sql`
    create trigger refuse_first_completion before update on pgboss.job
    for each row when (new.state = 'completed' and new.name = ${sql.lit(countRunsQueue)})
    execute function refuse_first_completion()`.execute(db.kysely);
}
