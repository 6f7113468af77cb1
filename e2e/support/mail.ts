import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { runState } from "./state.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Every email the server wrote (it has no SMTP_URL), oldest first. */
export function mails(): Mail[] {
  const dir = path.join(runState().dataDir, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Mail);
}

/** Waits for the newest email to `to` whose text has a link containing `pathPart`, and returns that link. */
export async function linkFromMail(to: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const found = mails()
          .filter((m) => m.to.toLowerCase() === to.toLowerCase())
          .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
          .filter((l) => l.includes(pathPart));
        link = found.at(-1);
        return link;
      },
      { message: `an email to ${to} with a ${pathPart} link`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}
