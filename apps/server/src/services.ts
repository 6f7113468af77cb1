import path from "node:path";
import { createFileMailer, createLocalStorage, createSmtpMailer, type Services } from "@vsi/api";
import { createDb, migrateToLatest } from "@vsi/db";
import type { Config } from "./config.ts";

/** Everything the procedures use, built from the config; migrations run before the first request. */
export async function createServices(config: Config): Promise<Services> {
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db.kysely);
  return {
    db,
    mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : createFileMailer(path.join(config.dataDir, "mail")),
    storage: createLocalStorage(path.join(config.dataDir, "files")),
    config: {
      baseUrl: config.baseUrl,
      registrationEnabled: config.registrationEnabled,
      secret: config.sessionSecret,
      secureCookies: config.baseUrl.startsWith("https://"),
    },
    now: () => new Date(),
  };
}
