import type { Readable } from "node:stream";
import type { Db } from "@vsi/db";
import type { Backups } from "@vsi/backups";
import type { CountLimits } from "./row-count.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Where uploaded files live; local folder by default, an object store can replace it. */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
}

export interface AppConfig {
  /** Links in emails are built from it, e.g. http://localhost:3000 */
  baseUrl: string;
  registrationEnabled: boolean;
  /** Signs upload ids and URLs. */
  secret: string;
  /** Secure cookies when served over HTTPS. */
  secureCookies: boolean;
  /** Webhooks may go to loopback and private addresses, and over plain http (a site's own network, tests). */
  webhooksAllowPrivateNetworks?: boolean;
  /** Where long lists stop counting exactly (kernel/row-count.ts); tests lower them. */
  countLimits?: CountLimits;
}

export interface Services {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  config: AppConfig;
  backups: Backups;
  now(): Date;
}
