import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { visitListInput, visitsCsv } from "@vsi/api";
import { sql } from "@vsi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAwkwardVisits } from "./awkward-visits.ts";
import { adminClient, createCatalog } from "./fixtures.ts";
import { databaseKinds, describeOnPostgres, type DatabaseKind } from "@vsi/db/testing";
import { startTestServer, type TestServer } from "./harness.ts";

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const until = async (what: string, check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
};

/**
 * A server on `kind` with an API token, a second location whose name needs quoting, and the awkward
 * visits (4,500 of them) across both.
 */
async function csvSite(kind: DatabaseKind) {
  const server = await startTestServer({ database: kind });
  const admin = await adminClient(server);
  const catalog = await createCatalog(admin);
  const location = (
    await admin.post("/api/locations", {
      Name: 'València, "Centre"',
      ProgramIds: [catalog.pantry.id],
    })
  ).json as { id: number };
  const token = (await admin.post("/api/tokens", { name: "csv" })).json.token as string;
  await insertAwkwardVisits(
    server.services.db.kysely,
    {
      main: catalog.main.id,
      other: location.id,
      pantry: catalog.pantry.id,
      tutoring: catalog.tutoring.id,
    },
    4500,
  );
  return { server, token, ids: { location: location.id, program: catalog.pantry.id } };
}
type CsvSite = Awaited<ReturnType<typeof csvSite>>;

// COPY exists only on a PostgreSQL server; PGlite's export is the batched path (visits-csv.test.ts).
describeOnPostgres("CSV on PostgreSQL: COPY ... TO STDOUT", () => {
  let server: TestServer;
  let token: string;
  let ids: { location: number; program: number };

  beforeAll(async () => {
    ({ server, token, ids } = await csvSite("postgres"));
  });
  afterAll(() => server?.close());

  it("writes the same bytes as the batched export, for every filter", async () => {
    const db = server.services.db;
    expect(db.pool).toBeDefined();
    const filterSets = [
      { timeZone: "UTC" },
      { timeZone: "America/Los_Angeles", from: "2026-03-08", to: "2026-11-01" },
      { timeZone: "Europe/Madrid", locationId: ids.location },
      { timeZone: "Asia/Kolkata", programId: ids.program, from: "2026-06-01" },
      { timeZone: "Australia/Lord_Howe", to: "2026-10-25" },
      { timeZone: "UTC", from: "2030-01-01" },
    ];
    for (const filterSet of filterSets) {
      // Through the schema, as every caller's filters are.
      const filters = visitListInput.parse(filterSet);
      const copy = await bytes(await visitsCsv(db, filters, "copy"));
      const batched = await bytes(await visitsCsv(db, filters, "batched"));
      expect(copy.equals(batched), JSON.stringify(filters)).toBe(true);
    }
    // A caller holding some locations only (withinCallerLocations): theirs, or none at all.
    const utc = visitListInput.parse({ timeZone: "UTC" });
    const oneLocation = await bytes(
      await visitsCsv(
        db,
        visitListInput.parse({ timeZone: "UTC", locationId: ids.location }),
        "copy",
      ),
    );
    for (const locationIds of [[ids.location], []]) {
      const copy = await bytes(await visitsCsv(db, { ...utc, locationIds }, "copy"));
      const batched = await bytes(await visitsCsv(db, { ...utc, locationIds }, "batched"));
      expect(copy.equals(batched), JSON.stringify(locationIds)).toBe(true);
      if (locationIds.length) expect(copy.equals(oneLocation)).toBe(true);
      else expect(copy.toString("utf8").split("\n").filter(Boolean)).toHaveLength(1);
    }
    // Not two empty files: everything is there, awkward cells included.
    const all = (
      await bytes(await visitsCsv(db, visitListInput.parse({ timeZone: "Europe/Madrid" }), "copy"))
    ).toString("utf8");
    expect(all.match(/Bulk\d+ Row/g)).toHaveLength(4500);
    expect(all).toContain(`2026-10-25,"València, ""Centre""",Food Pantry,Zoë 😀 Ærø,`);
    expect(all).toContain(`"Line\nBreak Two\r\nLines"`);
    expect(all).toContain(",'=SUM(1) x,");
    // 02:30 twice on the night the clocks go back: the offset tells them apart; an hour's stay.
    expect(all).toMatch(
      /,2026-10-25T02:30:00\+02:00,2026-10-25T02:30:00\+01:00,60,visitor,staff\n/,
    );
    expect(
      all.startsWith(
        "\uFEFFDate,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut,DurationMinutes,SignedOutBy,SignedInFrom\n",
      ),
    ).toBe(true);
  });

  describe("while downloads longer than the sockets hold are under way", () => {
    // Rows for the downloads that must still be running when the test looks: far more than the
    // sockets between the database, the server and the client hold (25 MB).
    beforeAll(async () => {
      await sql`insert into visits (first_name, last_name, phone_number, temperature, location_id, program_id, time_in)
        select 'Big' || g, repeat('Row', 50), (4170000000 + g)::text, '98.1', ${ids.location}, ${ids.program}, timestamptz '2020-01-01T00:00:00Z' + g * interval '1 minute'
        from generate_series(1, 100000) g`.execute(server.services.db.kysely);
    });

    async function openDownload(path: string) {
      if (!server.app.server.listening) await server.app.listen({ port: 0, host: "127.0.0.1" });
      const address = server.app.server.address() as AddressInfo;
      return new Promise<{ req: http.ClientRequest; res: http.IncomingMessage; first: Buffer }>(
        (resolve, reject) => {
          const req = http.get(
            {
              host: "127.0.0.1",
              port: address.port,
              path,
              headers: { authorization: `Bearer ${token}` },
              agent: false,
            },
            (res) => {
              res.once("data", (first: Buffer) => {
                res.pause();
                resolve({ req, res, first });
              });
            },
          );
          req.on("error", reject);
        },
      );
    }

    const busyClients = () =>
      server.services.db.pool!.totalCount - server.services.db.pool!.idleCount;
    async function copiesRunning(): Promise<number> {
      const rows = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and query ilike 'copy (%' and state <> 'idle'`.execute(
        server.services.db.kysely,
      );
      return rows.rows[0]!.n;
    }

    it("frees the database connection when the download is closed halfway", async () => {
      const download = await openDownload("/api/visits?format=csv");
      expect(download.res.statusCode).toBe(200);
      expect(download.first.subarray(0, 3).toString("latin1")).toBe("\xEF\xBB\xBF");
      await until("the COPY is running", async () => (await copiesRunning()) === 1);
      expect(busyClients()).toBe(1);

      download.req.destroy();
      await until(
        "the connection is freed",
        async () => busyClients() === 0 && (await copiesRunning()) === 0,
      );
      // And the next export works on a fresh connection.
      const next = await server
        .client()
        .get("/api/visits?format=csv&from=2026-06-01&timeZone=UTC", {
          authorization: `Bearer ${token}`,
        });
      expect(next.status).toBe(200);
    });

    it("leaves the pool to everyone else while slow downloads last: a quarter of it COPYs, the rest go in batches", async () => {
      // The test server's pool has 4 connections: one COPY at a time, three more downloads batched.
      const downloads = [];
      for (let i = 0; i < 4; i++) downloads.push(await openDownload("/api/visits?format=csv"));
      await until("the COPY is running", async () => (await copiesRunning()) === 1);
      // The batched ones read ahead until the sockets are full, then hold nothing.
      await until("only the COPY holds a connection", () => Promise.resolve(busyClients() === 1));
      const page = await server
        .client()
        .get("/api/visits?page=1", { authorization: `Bearer ${token}` });
      expect(page.status).toBe(200);
      // Each download began with the same bytes, whichever way it is made.
      for (const d of downloads)
        expect(d.first.subarray(0, 200).equals(downloads[0]!.first.subarray(0, 200))).toBe(true);
      for (const d of downloads) d.req.destroy();
      await until(
        "the connections are freed",
        async () => busyClients() === 0 && (await copiesRunning()) === 0,
      );
    });

    it("takes one COPY however many downloads start at the same moment: the rest go in batches", async () => {
      // Asked for all at once, each deciding while the others wait on the database.
      const downloads = await Promise.all(
        Array.from({ length: 4 }, () => openDownload("/api/visits?format=csv")),
      );
      try {
        await until("only one COPY holds a connection", () => Promise.resolve(busyClients() === 1));
        expect(await copiesRunning()).toBe(1);
      } finally {
        for (const d of downloads) d.req.destroy();
      }
      await until(
        "the connections are freed",
        async () => busyClients() === 0 && (await copiesRunning()) === 0,
      );
    });

    it("ends a download unfinished when the database fails mid-stream, and recovers", async () => {
      const download = await openDownload("/api/visits?format=csv");
      await until("the COPY is running", async () => (await copiesRunning()) === 1);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and query ilike 'copy (%'`.execute(
        server.services.db.kysely,
      );
      const outcome = await new Promise<string>((resolve) => {
        download.res.on("end", () => resolve("complete"));
        download.res.on("error", () => resolve("aborted"));
        download.res.on("aborted", () => resolve("aborted"));
        download.res.resume();
      });
      expect(outcome).toBe("aborted");
      await until("the connection is freed", () => Promise.resolve(busyClients() === 0));
      const next = await server
        .client()
        .get("/api/visits?format=csv&from=2026-06-01&timeZone=UTC", {
          authorization: `Bearer ${token}`,
        });
      expect(next.status).toBe(200);
      expect(next.body.match(/Bulk\d+ Row/g)).toHaveLength(4500);
    });
  });
});

// Embedded PGlite writes its CSV in batches, the PostgreSQL server with COPY: the file a coordinator
// downloads must not depend on which database the site runs.
(databaseKinds().length === 2 ? describe : describe.skip)("CSV on both databases", () => {
  const sites = {} as Record<DatabaseKind, CsvSite>;
  beforeAll(async () => {
    for (const kind of ["pglite", "postgres"] as const) sites[kind] = await csvSite(kind);
  });
  afterAll(async () => {
    for (const site of Object.values(sites)) await site.server.close();
  });

  it("are the same bytes from embedded PGlite and from the PostgreSQL server, for every filter", async () => {
    const download = async (
      kind: DatabaseKind,
      query: (ids: { location: number; program: number }) => string,
    ) => {
      const site = sites[kind];
      const res = await site.server.app.inject({
        method: "GET",
        url: `/api/visits?format=csv&${query(site.ids)}`,
        headers: { authorization: `Bearer ${site.token}` },
      });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    };
    const queries = [
      () => "timeZone=UTC",
      () => "timeZone=America/Los_Angeles&from=2026-03-08&to=2026-11-01",
      (ids: { location: number }) => `timeZone=Europe/Madrid&locationId=${ids.location}`,
      (ids: { program: number }) =>
        `timeZone=Asia/Kolkata&programId=${ids.program}&from=2026-06-01`,
      () => "timeZone=Australia/Lord_Howe&to=2026-10-25",
    ];
    for (const query of queries) {
      const embedded = await download("pglite", query);
      const server = await download("postgres", query);
      expect(embedded.equals(server), query(sites.pglite.ids)).toBe(true);
    }
    // Not two empty files: every row is there, awkward cells included.
    const all = (await download("pglite", () => "timeZone=Europe/Madrid")).toString("utf8");
    expect(all.match(/Bulk\d+ Row/g)).toHaveLength(4500);
    expect(all).toContain(`"Line\nBreak Two\r\nLines"`);
    expect(all).toMatch(
      /,2026-10-25T02:30:00\+02:00,2026-10-25T02:30:00\+01:00,60,visitor,staff\n/,
    );
    // A download per filter from each database, thousands of rows each.
  }, 60_000);
});
