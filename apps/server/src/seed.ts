import { insertUser, type Services } from "@vsi/api";

export const demoAdmin = { email: "admin@example.org", password: "demo-admin-2026" };

/** A newcomer's first start shows a working product: an admin, two sites, three programs, visits. */
export async function seedDemoData(services: Services, log: (line: string) => void): Promise<void> {
  const db = services.db.kysely;
  await db.transaction().execute(async (trx) => {
    await insertUser(trx, { firstName: "Demo", lastName: "Admin", email: demoAdmin.email, password: demoAdmin.password, isAdmin: true });
    const programs = await trx
      .insertInto("programs")
      .values([{ name: "Food Pantry" }, { name: "Tutoring" }, { name: "Job Help" }])
      .returning(["id", "name"])
      .execute();
    const locations = await trx
      .insertInto("locations")
      .values([
        { name: "Main Street Community Center", address: "100 Main St, Springfield" },
        { name: "Eastside Library", address: "42 Oak Ave, Springfield" },
      ])
      .returning(["id"])
      .execute();
    const [pantry, tutoring, jobs] = programs;
    const [main, eastside] = locations;
    if (!pantry || !tutoring || !jobs || !main || !eastside) throw new Error("seed inserts returned no rows");
    await trx
      .insertInto("location_programs")
      .values([
        { location_id: main.id, program_id: pantry.id, position: 0 },
        { location_id: main.id, program_id: tutoring.id, position: 1 },
        { location_id: eastside.id, program_id: tutoring.id, position: 0 },
        { location_id: eastside.id, program_id: jobs.id, position: 1 },
      ])
      .execute();

    const now = services.now().getTime();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    const visitors = [
      ["Maria", "Lopez", "4155550101", "98.2", main.id, pantry.id, 30, 29],
      ["James", "Chen", "4155550102", "97.9", main.id, tutoring.id, 27, 25],
      ["Aisha", "Khan", "4155550103", "98.6", eastside.id, jobs.id, 5, 4],
      ["Tom", "Baker", "4155550104", "98.1", main.id, pantry.id, 1, null],
      ["Grace", "Kim", "4155550105", "97.7", eastside.id, tutoring.id, 0.5, null],
    ] as const;
    await trx
      .insertInto("visits")
      .values(
        visitors.map(([first, last, phone, temp, locationId, programId, inH, outH]) => ({
          first_name: first,
          last_name: last,
          phone_number: phone,
          temperature: temp,
          location_id: locationId,
          program_id: programId,
          time_in: hoursAgo(inH),
          time_out: outH === null ? null : hoursAgo(outH),
        })),
      )
      .execute();
  });
  log(`Demo data added. Log in as ${demoAdmin.email} with password ${demoAdmin.password}`);
}

export async function seedDemoDataIfEmpty(services: Services, log: (line: string) => void): Promise<void> {
  const anyUser = await services.db.kysely.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (!anyUser) await seedDemoData(services, log);
}
