import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer, MailMessage } from "@vsi/api";
import { fileMode, folderMode } from "@vsi/backups";

/** SMTP when SMTP_URL is set. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Without SMTP, each message becomes a JSON file in the data folder, named in the log, so invites
 * and password resets work on a laptop with no mail server. The link stays out of the log: it is
 * the secret (a reset token, an invite).
 */
export function createFileMailer(dir: string, log: (line: string) => void = console.warn): Mailer {
  // Two messages to one address within a millisecond (an invite and its resend) must not share a file.
  let sequence = 0;
  return {
    // Nobody receives these: the screens that "send" say so and hand the link over instead.
    delivers: false,
    async send(message: MailMessage) {
      await mkdir(dir, { recursive: true, mode: folderMode });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      sequence += 1;
      const file = path.join(dir, `${stamp}-${String(sequence).padStart(6, "0")}-${safeTo}.json`);
      // Its links (a password reset, an invite) are as good as a password. Written aside, then
      // renamed: whoever reads the folder (a test, a person) never finds half a message.
      await writeFile(`${file}.part`, JSON.stringify(message, null, 2), { mode: fileMode });
      await rename(`${file}.part`, file);
      log(`mail to ${message.to}: "${message.subject}" written to ${file}`);
    },
  };
}
