import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileMode, folderMode } from "@vsi/backups";
import { z } from "zod";
import type { LogFormat } from "./logging.ts";

const boolean = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""])
  .transform((v) => ["true", "1", "yes", "on"].includes(v));

/** An address, a CIDR range, or one of the named ranges Fastify (proxy-addr) knows. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return (
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
  );
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none by default, since anyone
 * could otherwise walk around the per-address limits with a made-up header.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v) => v?.trim() ?? "")
  .refine(
    (v) =>
      v === "" ||
      /^\d{1,2}$/.test(v) ||
      v.split(",").every((entry) => isProxyAddress(entry.trim())),
    "must be a hop count (1) or proxy addresses and ranges (10.0.0.5, 172.16.0.0/12, loopback)",
  )
  .transform((v): false | number | string[] => {
    if (v === "" || v === "0") return false;
    return /^\d+$/.test(v) ? Number(v) : v.split(",").map((entry) => entry.trim());
  });

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .refine(
      (v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v),
      "must be a postgres:// or postgresql:// URL",
    ),
  // On unless switched off: empty is unset here, not "off".
  DATABASE_NAMED_STATEMENTS: z.preprocess((v) => (v === "" ? undefined : v), boolean.default(true)),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  BASE_URL: z
    .union([z.literal(""), z.url("must be a URL such as https://signin.example.org")])
    .optional()
    .transform((v) => v?.replace(/\/+$/, "") || undefined),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  MAIL_FROM: z.string().default("Visitor Sign-In <no-reply@localhost>"),
  REGISTRATION_ENABLED: boolean.default(false),
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: boolean.default(false),
  TRUST_PROXY: trustProxy,
  NODE_ENV: z.string().default("development"),
  BACKUP_COMMAND: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z
    .enum(["json", "pretty", ""])
    .optional()
    .transform((v) => v || undefined),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Named prepared statements on the server (off behind PgBouncer before 1.21). */
  namedStatements: boolean;
  dataDir: string;
  sessionSecret: string;
  /** BASE_URL, or this machine's address on PORT: links made without a request (alert e-mails). */
  baseUrl: string;
  /** BASE_URL as set; unset, links handed to people follow the address staff use. */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  registrationEnabled: boolean;
  /** Webhooks may reach loopback and private addresses, and plain http (a site's own network). */
  webhooksAllowPrivateNetworks: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  production: boolean;
  logLevel: string;
  /** Forced by LOG_FORMAT; unset means readable lines in a terminal, JSON elsewhere. */
  logFormat: LogFormat | undefined;
  /** A shell command run after each backup with the archive's path in $BACKUP_FILE (e.g. rclone copy). */
  backupCommand: string | undefined;
}

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad variable stops the server with its name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}: ${issue.message} (got ${JSON.stringify(env[name])})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    namedStatements: c.DATABASE_NAMED_STATEMENTS,
    dataDir,
    sessionSecret: c.SESSION_SECRET ?? persistedSecret(dataDir),
    baseUrl: c.BASE_URL ?? `http://localhost:${c.PORT}`,
    publicUrl: c.BASE_URL,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    registrationEnabled: c.REGISTRATION_ENABLED,
    webhooksAllowPrivateNetworks: c.WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
    trustProxy: c.TRUST_PROXY,
    production: c.NODE_ENV === "production",
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    backupCommand: c.BACKUP_COMMAND,
  };
}

/** Generated once and kept in the data folder, so upload links signed before a restart still work after it. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: folderMode });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: fileMode });
  return secret;
}
