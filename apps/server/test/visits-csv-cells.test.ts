import { csvHeaders, csvSelect, setSessionZone, visitListInput } from "@vsi/api";
import { sql } from "@vsi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertAwkwardVisits } from "./awkward-visits.ts";
import { adminClient, createCatalog } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./harness.ts";

/** Each cell as the export first wrote it: the plain expressions, a string compared a cell. */
const safe = (cell: string) =>
  `case when left(${cell}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${cell} else ${cell} end`;
const unlessErased = (cell: string) => `case when v.erased_at is null then ${cell} end`;
const iso = `'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'`;
const plainCells = `
  to_char(v.time_in, 'YYYY-MM-DD') as "Date",
  ${safe("l.name")} as "Location",
  ${safe("p.name")} as "Program",
  ${unlessErased(safe("v.first_name || ' ' || v.last_name"))} as "Name",
  ${unlessErased(safe("substr(v.phone_number, 1, 3) || '-' || substr(v.phone_number, 4, 3) || '-' || substr(v.phone_number, 7)"))} as "PhoneNumber",
  ${unlessErased(safe("v.temperature"))} as "Temperature",
  to_char(v.time_in, ${iso}) as "TimeIn",
  to_char(v.time_out, ${iso}) as "TimeOut",
  floor(extract(epoch from v.time_out - v.time_in) / 60)::bigint::text as "DurationMinutes",
  v.signed_out_by as "SignedOutBy",
  v.signed_in_from as "SignedInFrom"`;

// The export's cells are written for speed (a million rows at a time); they must say exactly what
// the plain expressions say, on PostgreSQL and on PGlite.
describe("CSV cells", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await adminClient(server);
    const catalog = await createCatalog(admin);
    const program = (await admin.post("/api/programs", { Name: "+Plus", LocationIds: [] }))
      .json as { id: number };
    const location = (
      await admin.post("/api/locations", {
        Name: '-Dash, "Quoted"',
        ProgramIds: [program.id],
      })
    ).json as { id: number };
    await insertAwkwardVisits(
      server.services.db.kysely,
      {
        main: catalog.main.id,
        other: location.id,
        pantry: program.id,
        tutoring: catalog.tutoring.id,
      },
      30,
    );
  });
  afterAll(() => server?.close());

  it("are the plain expressions' cells, in every zone", async () => {
    const db = server.services.db.kysely;
    for (const timeZone of ["UTC", "Europe/Madrid", "America/St_Johns", "Australia/Lord_Howe"]) {
      const [fast, plain] = await db.transaction().execute(async (trx) => {
        await setSessionZone(timeZone).execute(trx);
        return [
          await csvSelect(trx, visitListInput.parse({ timeZone })).execute(),
          (
            await sql<Record<string, string | null>>`select ${sql.raw(plainCells)}
              from visits v join locations l on l.id = v.location_id join programs p on p.id = v.program_id
              order by v.time_in desc, v.id desc`.execute(trx)
          ).rows,
        ];
      });
      expect(plain.length).toBeGreaterThan(100);
      expect(fast.map((row) => csvHeaders.map((column) => row[column]))).toEqual(
        plain.map((row) => csvHeaders.map((column) => row[column])),
      );
    }
    // The cells the fast expressions decide differently from the plain ones are there.
    const cells = (
      await sql<{
        n: string;
        p: string;
      }>`select first_name || ' ' || last_name as n, phone_number as p from visits`.execute(db)
    ).rows;
    expect(cells.some((c) => c.n === " =Last")).toBe(true);
    expect(cells.some((c) => c.p === "")).toBe(true);
  });
});
