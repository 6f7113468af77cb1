import type { Readable } from "node:stream";
import type { Db } from "@vsi/db";
import type { Backups } from "@vsi/backups";
import type { RateLimits } from "./rate-limit.ts";
import type { CountLimits } from "./row-count.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Whether a message sent reaches its recipient: false when it is only written to a folder. */
  readonly delivers: boolean;
}

/** Where uploaded files live; local folder by default, an object store can replace it. */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
}

export interface AppConfig {
  /**
   * BASE_URL, or its default (this machine, e.g. http://localhost:3000): links made without a
   * request (alert e-mails), and where `linkBase` (kernel/public-address.ts) has nothing better.
   */
  baseUrl: string;
  /** BASE_URL as set; unset, links handed to people follow the address staff use. */
  publicUrl?: string | undefined;
  /**
   * This machine's addresses on its local networks when the server listens there too (HOST
   * 0.0.0.0): what a poster that names only this computer suggests instead.
   */
  localNetworkAddresses?: () => string[];
  registrationEnabled: boolean;
  /** Signs upload ids and URLs. */
  secret: string;
  /** Secure cookies when served over HTTPS. */
  secureCookies: boolean;
  /** Webhooks may go to loopback and private addresses, and over plain http (a site's own network, tests). */
  webhooksAllowPrivateNetworks?: boolean;
  /** Where long lists stop counting exactly (kernel/row-count.ts); tests lower them. */
  countLimits?: CountLimits;
  /** The budgets of kernel/rate-limit.ts; tests lower them to spend one in a few calls. */
  rateLimits?: RateLimits;
  /** How long a label printer has to take a label (labels/printer.ts); tests lower it. */
  printerTimeoutMs?: number;
}

export interface Services {
  db: Db;
  mailer: Mailer;
  storage: Storage;
  config: AppConfig;
  backups: Backups;
  now(): Date;
}
