import { sql, type Database, type Kysely } from "@vsi/db";

/**
 * Visits whose cells a CSV writer can get wrong: quotes, commas, line breaks, formula starts,
 * non-ASCII, empty names and numbers, times either side of daylight-saving changes and to the
 * microsecond, open and erased visits; then `bulk` ordinary rows, some sharing one instant.
 */
export async function insertAwkwardVisits(
  db: Kysely<Database>,
  ids: { main: number; other: number; pantry: number; tutoring: number },
  bulk: number,
) {
  const awkward = [
    ["José", "Núñez"],
    ['Ann "Quote"', "O'Neil"],
    ["Comma, Name", "Test"],
    ["Line\nBreak", "Two\r\nLines"],
    ["=SUM(1)", "x"],
    ["+1", "x"],
    ["-1", "x"],
    ["@cmd", "x"],
    ["\tTab", "x"],
    ["\rCR", "x"],
    ["Zoë 😀", "Ærø"],
    ["\\.", ""],
    ["", ""],
    ["", "=Last"],
  ];
  const instants = [
    "2026-03-08T09:59:00Z",
    "2026-03-08T10:01:00Z",
    "2026-11-01T08:30:00Z",
    "2026-11-01T09:30:00Z",
    "2026-03-29T00:59:00Z",
    "2026-03-29T01:01:00Z",
    "2026-10-25T00:30:00Z",
    "2026-10-25T01:30:00Z",
    "2026-04-04T15:30:00Z",
    "2026-10-04T15:59:59.999999Z",
  ];
  // Open, an hour across a clock change, under a minute, negative (hand-edited), a microsecond
  // short of two minutes.
  const stays = [null, 3_600_000, 59_000, -60_000, 119_999.999];
  await db
    .insertInto("visits")
    .values(
      awkward.flatMap(([first_name, last_name], i) =>
        instants.map((t, j) => {
          const stay = stays[(i + j) % stays.length];
          return {
            first_name: first_name!,
            last_name: last_name!,
            phone_number:
              i === 0 && j === 0
                ? "12"
                : i === 1 && j === 0
                  ? ""
                  : `41555${String(i * 100 + j).padStart(5, "0")}`,
            temperature: ["98.6", "", "-1", "=1"][j % 4]!,
            location_id: j % 2 ? ids.other : ids.main,
            program_id: j % 2 ? ids.pantry : ids.tutoring,
            time_in: new Date(t),
            time_out: stay == null ? null : new Date(Date.parse(t) + stay),
            signed_out_by: stay == null ? null : (["visitor", "staff", "auto"] as const)[j % 3],
          };
        }),
      ),
    )
    .execute();
  // Microseconds, which a Date cannot hold, and one erased visit.
  await sql`update visits set time_out = time_out + interval '0.999 ms' where time_out is not null and first_name = '-1'`.execute(
    db,
  );
  await sql`update visits set erased_at = now(), first_name = '', last_name = '', phone_number = '', temperature = '' where first_name = '@cmd' and time_out is not null`.execute(
    db,
  );
  await sql`insert into visits (first_name, last_name, phone_number, temperature, location_id, program_id, time_in, time_out)
    select 'Bulk' || g, 'Row', (4160000000 + g)::text, '98.1', ${ids.other}, ${ids.pantry},
           timestamptz '2026-06-01T00:00:00Z' + (g / 3) * interval '7 minutes', case when g % 5 = 0 then null else timestamptz '2026-06-01T01:00:00Z' + g * interval '7 minutes' end
    from generate_series(1, ${bulk}::int) g`.execute(db);
}
