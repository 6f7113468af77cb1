import path from "node:path";
import { localNetworkAddresses, type Services } from "@vsi/api";
import { createBackups, restrictToOwner } from "@vsi/backups";
import { createDb, migrateToLatest, migrationState } from "@vsi/db";
import type { Config } from "./config.ts";
import { initialEmbeddedData } from "./initial-data.ts";
import { createFileMailer, createSmtpMailer } from "./mailer.ts";
import { listensOnEveryInterface } from "./startup-banner.ts";
import { createLocalStorage } from "./storage.ts";

/**
 * Everything the procedures use, built from the config; migrations run before the first request,
 * and on the embedded database a backup is taken before any of them changes the schema. The data
 * folder is then made its owner's alone (a folder from an older version included).
 */
export async function createServices(
  config: Config,
  log: { info(line: string): void; error(line: string): void } = console,
): Promise<Services> {
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    namedStatements: config.namedStatements,
    dataDir: config.dataDir,
    copyOf: config.databaseUrl ? undefined : await initialEmbeddedData(),
  });
  const backups = createBackups({
    db,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    command: config.backupCommand,
    log,
  });
  if (db.kind === "pglite") {
    const { applied, pending } = await migrationState(db.kysely);
    if (applied.length > 0 && pending.length > 0) {
      log.info(`Backing up before migrating (${pending.join(", ")})`);
      await backups.create("before-migration");
    }
  }
  await migrateToLatest(db.kysely);
  // After PGlite has opened: it gives the files it writes modes of its own (0666, 0644).
  await restrictToOwner(config.dataDir);
  return {
    db,
    mailer: config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createFileMailer(path.join(config.dataDir, "mail")),
    storage: createLocalStorage(path.join(config.dataDir, "files")),
    config: {
      baseUrl: config.baseUrl,
      publicUrl: config.publicUrl,
      localNetworkAddresses: listensOnEveryInterface(config.host)
        ? () => localNetworkAddresses()
        : () => [],
      registrationEnabled: config.registrationEnabled,
      webhooksAllowPrivateNetworks: config.webhooksAllowPrivateNetworks,
      secret: config.sessionSecret,
      secureCookies: config.baseUrl.startsWith("https://"),
    },
    backups,
    now: () => new Date(),
  };
}
