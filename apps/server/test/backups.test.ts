import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createBackups, extractArchive, type Backups } from "@vsi/backups";
import { createDb } from "@vsi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, createCatalog, staffClient, tabletClient, visitor } from "./fixtures.ts";
import { describeOnPostgres } from "@vsi/db/testing";
import { startTestServer, type Client, type Reply, type TestServer } from "./harness.ts";

const quiet = { info: () => undefined, error: () => undefined };

/** Opens an archive's database the way a restore would, and reads its visit ids. */
async function visitIdsIn(archive: string): Promise<number[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "vsi-unpacked-"));
  try {
    await extractArchive(archive, dir);
    const db = await createDb({ dataDir: dir });
    const rows = await db.kysely.selectFrom("visits").select("id").orderBy("id").execute();
    await db.close();
    return rows.map((r) => r.id);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("backups of the embedded database while the server runs", () => {
  let server: TestServer;
  let admin: Client;
  let catalog: Awaited<ReturnType<typeof createCatalog>>;
  beforeAll(async () => {
    server = await startTestServer({ embeddedOnDisk: true });
    admin = await adminClient(server);
    catalog = await createCatalog(admin);
  });
  afterAll(() => server.close());

  it("takes a consistent snapshot while two tablets sign visitors in, and no sign-in is refused or lost", async () => {
    const tablets = [
      await tabletClient(server, catalog.main.id),
      await tabletClient(server, catalog.main.id),
    ];
    const signIn = (tablet: Client, n: number) =>
      tablet.post(
        "/api/visits",
        visitor(catalog.main.id, catalog.tutoring.id, { FirstName: `V${n}` }),
        { "Idempotency-Key": `k-${n}-${Math.random()}` },
      );
    const before = await Promise.all([0, 1, 2, 3].map((n) => signIn(tablets[n % 2]!, n)));

    // Twenty sign-ins race the backup's start; twenty more are sent once its snapshot has begun
    // (its checkpoint done, which it runs holding the database) and before it has answered.
    const statementsBefore = server.statements.length;
    const racing = [...Array(20).keys()].map((n) => signIn(tablets[n % 2]!, 100 + n));
    let answered = false;
    const backup = admin.post("/api/backups").finally(() => (answered = true));
    const snapshotBegun = () => server.statements.slice(statementsBefore).includes("checkpoint");
    for (const deadline = Date.now() + 60_000; !snapshotBegun() && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(snapshotBegun()).toBe(true);
    expect(answered).toBe(false);
    const sentDuring = [...Array(20).keys()].map((n) => signIn(tablets[n % 2]!, 200 + n));
    const made = await backup;
    const [raced, during] = [await Promise.all(racing), await Promise.all(sentDuring)];

    expect(made.status).toBe(201);
    const replies = [...before, ...raced, ...during];
    expect(replies.map((r) => r.status)).toEqual(Array(44).fill(201));
    const live = (
      await server.services.db.kysely.selectFrom("visits").select("id").orderBy("id").execute()
    ).map((r) => r.id);
    expect(live).toEqual(replies.map((r) => r.json.id as number).sort((a, b) => a - b));

    const archived = await visitIdsIn(path.join(server.services.backups.dir, made.json.name));
    // A snapshot at one instant: every visit up to its newest one, none missing in between.
    expect(archived).toEqual(live.filter((id) => id <= Math.max(...archived)));
    // All that was signed in before it, none of what was sent while it ran.
    expect(archived).toEqual(expect.arrayContaining(before.map((r) => r.json.id as number)));
    const ids = (rs: Reply[]) => rs.map((r) => r.json.id as number);
    expect(archived.filter((id) => ids(during).includes(id))).toEqual([]);
    expect(made.json.counts.visits).toBe(archived.length);
  }, 120_000);

  it("lists the backups for an admin with date, size and visit count, and downloads one", async () => {
    const list = await admin.get("/api/backups");
    expect(list.status).toBe(200);
    expect(list.json.database).toBe("embedded");
    expect(list.json.pgDumpCommand).toBeNull();
    const [newest] = list.json.backups;
    expect(newest).toMatchObject({ reason: "manual", includesDatabase: true });
    expect(newest.bytes).toBeGreaterThan(1000);
    expect(newest.counts.visits).toBeGreaterThan(0);

    const download = await admin.get(`/api/backups/${newest.name}`);
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/gzip");
    expect(download.headers["content-disposition"]).toBe(`attachment; filename="${newest.name}"`);
    expect(Number(download.headers["content-length"])).toBe(newest.bytes);

    expect(
      (await admin.get("/api/backups/backup-2026-01-01T03-00-00-000Z-nightly.tar.gz")).status,
    ).toBe(404);
    expect((await admin.get("/api/backups/..%2F..%2Fsession-secret")).status).toBe(404);
    const staff = await staffClient(server);
    expect((await staff.get(`/api/backups/${newest.name}`)).status).toBe(403);
  });
});

describe("the nightly schedule and retention", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /**
   * The calendar is the subject here: archives of the uploaded files alone (as on a PostgreSQL
   * server) keep fourteen backups quick; the database's part is tested above.
   */
  function backupsAt(clock: { now: Date }, command?: string): Backups {
    const db = { ...server.services.db, embedded: undefined };
    return createBackups({
      db,
      dataDir: server.dataDir,
      now: () => clock.now,
      log: quiet,
      command,
    });
  }

  it("backs up once a night, after 03:00 local time", async () => {
    const clock = { now: new Date(2026, 2, 1, 2, 30) };
    const backups = backupsAt(clock);
    // 02:30 on the first day: nothing since last night's 03:00, so it is due.
    expect((await backups.tick())?.reason).toBe("nightly");
    clock.now = new Date(2026, 2, 1, 2, 50);
    expect(await backups.tick()).toBeUndefined();
    clock.now = new Date(2026, 2, 1, 3, 5);
    expect((await backups.tick())?.reason).toBe("nightly");
    clock.now = new Date(2026, 2, 1, 23, 0);
    expect(await backups.tick()).toBeUndefined();
  }, 60_000);

  it("keeps exactly the newest of each of the last 7 days and of the 4 weeks before them", async () => {
    rmSync(path.join(server.dataDir, "backups"), { recursive: true, force: true });
    const clock = { now: new Date(2026, 0, 5, 3, 30) }; // a Monday
    const backups = backupsAt(clock);
    const taken: Date[] = [];
    // Five Mondays (Jan 5 to Feb 2) of one backup a week, then nine nights of one a night (Feb 3-11).
    for (let week = 0; week < 5; week += 1) {
      clock.now = new Date(2026, 0, 5 + week * 7, 3, 30);
      taken.push((await backups.tick()) ? clock.now : new Date(NaN));
    }
    for (let day = 1; day <= 9; day += 1) {
      clock.now = new Date(2026, 1, 2 + day, 3, 30);
      taken.push((await backups.tick()) ? clock.now : new Date(NaN));
    }
    expect(taken.every((d) => !Number.isNaN(d.getTime()))).toBe(true);

    const kept = (await backups.list())
      .map((b) => new Date(b.createdAt).getTime())
      .sort((a, b) => a - b);
    const daily = taken.slice(-7).map((d) => d.getTime());
    // Dailies are Feb 5-11; before them, the newest of each week: Wed Feb 4, then Mondays Jan 26, 19, 12.
    // Jan 5, Feb 2 and Feb 3 are gone.
    const weekly = [
      new Date(2026, 0, 12, 3, 30),
      new Date(2026, 0, 19, 3, 30),
      new Date(2026, 0, 26, 3, 30),
      new Date(2026, 1, 4, 3, 30),
    ].map((d) => d.getTime());
    expect(kept).toEqual([...weekly, ...daily]);
    expect(
      readdirSync(path.join(server.dataDir, "backups")).filter((f) => f.endsWith(".tar.gz")),
    ).toHaveLength(11);
  }, 180_000);

  it("logs a failure loudly, shows it to admins until a backup succeeds, and retries an hour later", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-failing-"));
    writeFileSync(path.join(dataDir, "backups"), "a file where the folder should be");
    const errors: string[] = [];
    const clock = { now: new Date(2026, 2, 1, 4, 0) };
    const db = { ...server.services.db, embedded: undefined };
    const backups = createBackups({
      db,
      dataDir,
      now: () => clock.now,
      log: { info: () => undefined, error: (line) => errors.push(line) },
    });

    await expect(backups.tick()).rejects.toThrow();
    expect(errors[0]).toMatch(/^BACKUP FAILED \(nightly\): /);
    clock.now = new Date(2026, 2, 1, 4, 30);
    expect(await backups.tick()).toBeUndefined();
    clock.now = new Date(2026, 2, 1, 5, 1);
    rmSync(path.join(dataDir, "backups"));
    expect((await backups.tick())?.reason).toBe("nightly");
    expect((await backups.status()).lastError).toBeNull();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs BACKUP_COMMAND with the archive's path in $BACKUP_FILE and keeps its exit status for the admin page", async () => {
    const target = mkdtempSync(path.join(tmpdir(), "vsi-offsite-"));
    const clock = { now: new Date(2026, 3, 1, 12, 0) };
    const copied = await backupsAt(clock, `cp "$BACKUP_FILE" '${target}'/`).create("manual");
    expect(readdirSync(target)).toEqual([copied.name]);
    expect((await backupsAt(clock).status()).lastCommand).toMatchObject({
      backup: copied.name,
      exitCode: 0,
    });

    clock.now = new Date(2026, 3, 1, 13, 0);
    const failed = await backupsAt(clock, "echo 'remote unreachable' >&2; exit 3; true").create(
      "manual",
    );
    const list = await (await adminClient(server)).get("/api/backups");
    expect(list.json.lastCommand).toEqual({
      at: clock.now.toISOString(),
      backup: failed.name,
      exitCode: 3,
      output: "remote unreachable",
    });
    rmSync(target, { recursive: true, force: true });
  });
});

describe("a backups folder holding what the server did not write", () => {
  it("lists only the backups it can describe (200), and Back up now still works", async () => {
    const server = await startTestServer();
    try {
      const dir = path.join(server.dataDir, "backups");
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "status.json"), "{");
      const damaged = "backup-2026-01-01T03-00-00-000Z-nightly.tar.gz";
      writeFileSync(path.join(dir, damaged), "not an archive");
      writeFileSync(path.join(dir, `${damaged}.json`), JSON.stringify({ name: damaged, bytes: 5 }));
      const misnamed = "backup-2026-01-02T03-00-00-000Z-nightly.tar.gz";
      writeFileSync(path.join(dir, misnamed), "not an archive");
      writeFileSync(
        path.join(dir, `${misnamed}.json`),
        JSON.stringify({
          format: 1,
          name: "backup-2026-01-03T03-00-00-000Z-nightly.tar.gz",
          createdAt: "2026-01-03T03:00:00.000Z",
          reason: "nightly",
          database: "none",
          schema: null,
          counts: { users: 0, locations: 0, programs: 0, visits: 0, files: 0 },
          bytes: 14,
        }),
      );
      const admin = await adminClient(server);

      const listed = await admin.get("/api/backups");
      expect(listed.status).toBe(200);
      expect(listed.json).toMatchObject({ lastError: null, lastCommand: null, backups: [] });
      expect((await admin.get(`/api/backups/${damaged}`)).status).toBe(404);

      const made = await admin.post("/api/backups");
      expect(made.status).toBe(201);
      const after = await admin.get("/api/backups");
      expect(after.status).toBe(200);
      expect(after.json.backups.map((b: { name: string }) => b.name)).toEqual([made.json.name]);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describeOnPostgres("on a PostgreSQL server", () => {
  it("says the operator backs up the database, shows pg_dump for it, and archives the uploaded files", async () => {
    const server = await startTestServer({ database: "postgres" });
    try {
      await server.services.storage.put("abcdef123", Buffer.from("a picture"));
      const admin = await adminClient(server);
      const made = await admin.post("/api/backups");
      expect(made.status).toBe(201);
      expect(made.json).toMatchObject({ includesDatabase: false, counts: { users: 1, files: 1 } });
      const list = (await admin.get("/api/backups")).json;
      expect(list.database).toBe("server");
      const url = new URL(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "");
      expect(list.pgDumpCommand).toContain(`--host=${url.hostname}`);
      expect(list.pgDumpCommand).toMatch(
        /^pg_dump --format=custom .*--dbname=vsi_test_\w+ --file=visitor-sign-in-\$\(date \+%F\)\.dump$/,
      );
    } finally {
      await server.close();
    }
  });
});
