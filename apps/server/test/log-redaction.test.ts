import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { insertUser } from "@vsi/api";
import { createDb, migrateToLatest } from "@vsi/db";
import { openTestDb } from "@vsi/db/testing";
import { createTestDatabase } from "@vsi/test-utils";
import { describe, expect, inject, it } from "vitest";
import { spawnServer } from "./processes.ts";

/** A browser over real HTTP: keeps cookies and echoes XSRF-TOKEN on every request, as the web app does. */
class Browser {
  readonly cookies = new Map<string, string>();
  bearer: string | undefined;
  constructor(private readonly base: string) {}

  async call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    // A browser has loaded a page, and so holds the XSRF-TOKEN cookie, before it calls the API.
    if (!this.cookies.has("XSRF-TOKEN") && !this.bearer && url !== "/healthz")
      await this.call("GET", "/healthz");
    const xsrf = this.cookies.get("XSRF-TOKEN");
    const raw = Buffer.isBuffer(body);
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(this.cookies.size
          ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ") }
          : {}),
        ...(xsrf ? { "x-xsrf-token": xsrf } : {}),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...(body !== undefined && !raw ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const [name = "", value = ""] = pair.trim().split("=");
      if (!value || attributes.some((a) => /^\s*max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }

  async expect(
    status: number,
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    const res = await this.call(method, url, body, headers);
    expect(res.status, `${method} ${url}: ${res.text.slice(0, 300)}`).toBe(status);
    return res.json;
  }
}

/** The path of the link in the newest email to `to`, from the file mailer's folder. */
function linkPathIn(dataDir: string, to: string): string {
  const dir = path.join(dataDir, "mail");
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(`-${to}.json`))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no mail to ${to}`);
  const text = (JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { text: string }).text;
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in the mail to ${to}`);
  return new URL(link).pathname;
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(56, 7),
]);

describe("the server's log", () => {
  it("holds no reset token, invite, upload token, file key, phone number, cookie, API token or password through a whole flow, while still naming each call", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-log-"));
    // A copy of the run's migrated database (the migrations' work is not what is tested here).
    const database = await createTestDatabase({ template: inject("pgTemplate") || undefined });
    const admin = { email: "admin.log@example.org", password: "log-admin-pass1" };
    const setup = database
      ? await createDb({ databaseUrl: database.url })
      : (await openTestDb({ kind: "pglite", dataDir })).db;
    await migrateToLatest(setup.kysely);
    await insertUser(setup.kysely, {
      firstName: "Ada",
      lastName: "Admin",
      email: admin.email,
      password: admin.password,
      isAdmin: true,
    });
    await setup.close();

    const server = spawnServer({
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    try {
      await server.started;
      const base = `http://127.0.0.1:${server.port()}`;

      // An admin sets up the catalog and invites a coordinator.
      const staff = new Browser(base);
      await staff.expect(200, "POST", "/api/auth/login", admin);
      const staffSession = staff.cookies.get("session") ?? "no session";
      const program = await staff.expect(201, "POST", "/api/programs", {
        Name: "Pantry",
        LocationIds: [],
      });
      const location = await staff.expect(201, "POST", "/api/locations", {
        Name: "Main",
        Address: "1 Main St",
        ProgramIds: [program.id],
      });
      const inviteeEmail = "ivy.log@example.org";
      const invite = await staff.expect(201, "POST", "/api/invites", {
        firstName: "Ivy",
        email: inviteeEmail,
      });
      expect(linkPathIn(dataDir, inviteeEmail)).toBe(`/invites/${invite.id}`);
      const token = await staff.expect(201, "POST", "/api/tokens", { name: "script" });
      const script = new Browser(base);
      script.bearer = token.token;
      await script.expect(200, "GET", "/api/users/me");

      // The invitee opens the link (the page, then its calls) and accepts.
      const ivy = new Browser(base);
      await ivy.call("GET", `/invites/${invite.id}`);
      await ivy.expect(200, "GET", `/api/invites/${invite.id}`);
      await ivy.expect(
        200,
        "GET",
        `/trpc/invites.get?input=${encodeURIComponent(JSON.stringify({ id: invite.id }))}`,
      );
      const ivyPassword = "ivy-first-pass1";
      const user = await ivy.expect(201, "POST", `/api/invites/${invite.id}/accept`, {
        firstName: "Ivy",
        lastName: "Log",
        email: inviteeEmail,
        password: ivyPassword,
      });

      // A picture: register, upload the bytes, attach, look at it.
      const asset = await ivy.expect(200, "POST", "/api/assets", {
        blob: { filename: "me.png", content_type: "image/png", byte_size: png.length },
      });
      const uploadPath = new URL(asset.direct_upload.url as string, base).pathname;
      await ivy.expect(200, "PUT", uploadPath, png, asset.direct_upload.headers);
      const pictured = await ivy.expect(200, "PATCH", `/api/users/${user.id}`, {
        picture: asset.signed_id,
      });
      await ivy.expect(200, "GET", pictured.pictureUrl);
      await ivy.call("GET", `/files/${pictured.pictureUrl.split("/").at(-1)}`);
      await ivy.expect(204, "GET", "/api/auth/logout");

      // She forgets her password and resets it by the emailed link.
      const stranger = new Browser(base);
      await stranger.expect(200, "POST", "/api/passwords", { email: inviteeEmail });
      const resetPath = linkPathIn(dataDir, inviteeEmail);
      const resetToken = resetPath.split("/").at(-1)!;
      await stranger.call("GET", resetPath);
      await stranger.expect(200, "GET", `/api/passwords/${resetToken}`);
      await stranger.expect(
        200,
        "GET",
        `/trpc/passwords.check?input=${encodeURIComponent(JSON.stringify({ token: resetToken }))}`,
      );
      const newPassword = "ivy-second-pass2";
      await stranger.expect(200, "PATCH", `/api/passwords/${resetToken}`, {
        password: newPassword,
      });

      // She logs in and sets up a tablet, where a visitor signs in and comes back.
      const tablet = new Browser(base);
      await tablet.expect(200, "POST", "/api/auth/login", {
        email: inviteeEmail,
        password: newPassword,
      });
      await tablet.expect(200, "GET", `/api/locations/${location.id}/setup`);
      const phone = "4155550142";
      await tablet.expect(201, "POST", "/api/visits", {
        FirstName: "Grace",
        LastName: "Hopper",
        PhoneNumber: "415-555-0142",
        Temperature: "98.6",
        LocationId: location.id,
        ProgramId: program.id,
      });
      await tablet.expect(200, "GET", `/api/visits/search?phoneNumber=${phone}`);
      await staff.expect(
        200,
        "GET",
        `/trpc/visits.search?input=${encodeURIComponent(JSON.stringify({ phoneNumber: phone }))}`,
      );
      await staff.expect(204, "GET", "/api/auth/logout");

      server.child.kill("SIGTERM");
      await server.exited;
      const log = server.output();
      // Kept beside the data for whoever reads a failure.
      writeFileSync(path.join(dataDir, "server.log"), log);

      const secrets = {
        "invite id": invite.id as string,
        "reset token": resetToken,
        "upload token": uploadPath.split("/").at(-1)!,
        "file key": (pictured.pictureUrl as string).split("/").at(-1)!,
        "signed upload id": asset.signed_id as string,
        "phone number": phone,
        "formatted phone": "555-0142",
        "API token": token.token as string,
        "admin's password": admin.password,
        "first password": ivyPassword,
        "new password": newPassword,
        "session cookie": staffSession,
        "tablet's cookie": tablet.cookies.get("sheet-token") ?? "no sheet-token",
      };
      for (const [what, secret] of Object.entries(secrets))
        expect(secret.length, what).toBeGreaterThan(6);
      const inLog = Object.entries(secrets)
        .filter(([, secret]) => log.includes(secret))
        .map(([what]) => what);
      expect(inLog).toEqual([]);

      // Each of those calls is still in the log, with its secrets replaced.
      const missing = [
        `/invites/[redacted]`,
        `/api/invites/[redacted]`,
        `/api/invites/[redacted]/accept`,
        `/trpc/invites.get?input=[redacted]`,
        `/api/uploads/[redacted]`,
        `/api/files/[redacted]`,
        `/files/[redacted]`,
        `/passwords/reset/[redacted]`,
        `/api/passwords/[redacted]`,
        `/trpc/passwords.check?input=[redacted]`,
        `/api/visits/search?phoneNumber=[redacted]`,
        `/trpc/visits.search?input=[redacted]`,
        `/api/locations/${location.id}/setup`,
      ].filter((url) => !log.includes(`"url":"${url}"`));
      expect(missing).toEqual([]);
      expect(log).toContain(`written to ${path.join(dataDir, "mail")}`);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGTERM");
      await server.exited;
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
