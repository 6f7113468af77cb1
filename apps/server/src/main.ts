import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.ts";
import {
  scheduledJobs,
  staffAlertSender,
  eventFanOut,
  startJobRunner,
  webhookSender,
  type JobRunner,
  type WebhookSender,
  type WokenSender,
} from "./jobs/index.ts";
import { createDb, upkeepEmbedded, type Db } from "@vsi/db";
import { chooseLogFormat } from "./logging.ts";
import { demoLoginMessage, seedDemoDataIfEmpty } from "./seed.ts";
import { createServices } from "./services.ts";
import { removeStaleRestores } from "./stale-restores.ts";
import { addressesToOpen, databaseServerName, startupBanner } from "./startup-banner.ts";

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  // Everything this process writes in the data folder is its owner's alone.
  process.umask(0o077);
  const config = loadConfig();
  const logFormat = chooseLogFormat(config.logFormat, process.stdout.isTTY);
  // Two processes on one embedded database lose data; a database server guards itself.
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  const services = await createServices(config);
  // Only the embedded database gets demo data by itself: a server's data is nobody's demo.
  const demoLogin = services.db.kind === "pglite" ? await seedDemoDataIfEmpty(services) : undefined;
  // Three months of demo visits: planned as what they are from the first sign-in on.
  if (demoLogin) await upkeepEmbedded(services.db);

  // The live streams' reads draw from connections of their own on a database server, as the
  // senders' do below: a call would otherwise reach the screens behind every request's turn.
  const liveDb = config.databaseUrl
    ? await createDb({
        databaseUrl: config.databaseUrl,
        namedStatements: config.namedStatements,
        poolSize: 2,
      })
    : undefined;
  const app = await buildApp({
    services,
    liveDb,
    webDir: process.env.WEB_DIST ?? path.resolve(here, "../../web/dist"),
    kioskDir: process.env.KIOSK_DIST ?? path.resolve(here, "../../kiosk/dist"),
    logger: { level: config.logLevel, format: logFormat },
    trustProxy: config.trustProxy,
  });

  // Started after listening; a signal before then has none to stop.
  const started: {
    jobs?: JobRunner;
    fanOut?: WokenSender;
    webhooks?: WebhookSender;
    staffAlerts?: WokenSender;
    sendersDb?: Db;
  } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    await app.close();
    await started.jobs?.stop();
    await started.fanOut?.stop();
    await started.webhooks?.stop();
    await started.staffAlerts?.stop();
    await started.sendersDb?.close();
    await liveDb?.close();
    await services.backups.stop();
    await services.db.close();
    lock?.release();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  // A restore stopped midway (kill -9) left its unpacked archive beside the data folder.
  await removeStaleRestores(config.dataDir, {
    info: (line) => app.log.warn(line),
    error: (line) => app.log.error(line),
  });
  // Nightly: the embedded database and the uploaded files (only the files on a PostgreSQL server).
  services.backups.start();
  // Scheduled jobs (automatic sign-out, …), kept in the database and run once across processes.
  const jobLog = {
    info: (line: string) => app.log.info(line),
    error: (line: string) => app.log.error(line),
  };
  // The outboxes' senders draw from connections of their own on a database server: under load
  // their round trips would otherwise wait behind every request's for one of the pool's.
  if (config.databaseUrl)
    started.sendersDb = await createDb({
      databaseUrl: config.databaseUrl,
      namedStatements: config.namedStatements,
      poolSize: 2,
    });
  const senders = started.sendersDb ? { ...services, db: started.sendersDb } : services;
  // A visit's events become deliveries and alerts after its commit, off the request path.
  const fanOut = eventFanOut(senders, jobLog);
  started.fanOut = fanOut;
  // Webhooks go out from the outbox, off the request path.
  const webhooks = webhookSender(senders, jobLog);
  started.webhooks = webhooks;
  // Staff's sign-in alerts go out from theirs, grouped per recipient.
  const staffAlerts = staffAlertSender(senders, jobLog);
  started.staffAlerts = staffAlerts;
  started.jobs = await startJobRunner({
    db: services.db,
    databaseUrl: config.databaseUrl,
    jobs: scheduledJobs(services, jobLog, { fanOut, webhooks, staffAlerts }),
    log: jobLog,
  });
  await fanOut.start();
  await webhooks.start();
  await staffAlerts.start();
  if (logFormat === "pretty") {
    const address = app.server.address();
    process.stdout.write(
      `${startupBanner({
        addresses: addressesToOpen({
          baseUrl: config.baseUrl,
          host: config.host,
          port: typeof address === "object" && address ? address.port : config.port,
        }),
        storage: config.databaseUrl
          ? { kind: "server", where: databaseServerName(config.databaseUrl) }
          : { kind: "folder", where: config.dataDir },
        demoLogin,
      })}\n`,
    );
    return;
  }
  // Its own fields, so a log reader can pick it out; "password" fields would be censored.
  if (demoLogin)
    app.log.info(
      { demoLogin: { email: demoLogin.email, oneTimePassword: demoLogin.password } },
      demoLoginMessage(demoLogin),
    );
  app.log.info(
    `Visitor Sign-In is running at ${config.baseUrl} (${services.db.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL server"})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message} Stop that process first, or give this server another DATA_DIR.`,
    );
  } else {
    console.error(error instanceof ConfigError ? error.message : error);
  }
  process.exit(1);
});
