import { afterAll, beforeAll } from "vitest";
import { startWorld, type Client, type World } from "./world.ts";

/** A client logged in as a new admin. */
export async function adminClient(world: World): Promise<Client> {
  const admin = await world.createUser({ isAdmin: true });
  const client = world.client();
  await client.login(admin.email, admin.password);
  return client;
}

/** A client logged in as a new staff member. */
export async function staffClient(world: World): Promise<Client> {
  const staff = await world.createUser();
  const client = world.client();
  await client.login(staff.email, staff.password);
  return client;
}

/** Three programs, and two locations offering them: Main Street (Tutoring, Food Pantry), Eastside (Job Help). */
export async function createCatalog(admin: Client) {
  const programs: Array<{ id: number; Name: string }> = [];
  for (const Name of ["Food Pantry", "Tutoring", "Job Help"]) {
    const res = await admin.call((api) => api.programs.create({ Name, LocationIds: [] }));
    if (res.status !== 201) throw new Error(`program: ${res.status} ${JSON.stringify(res.json)}`);
    programs.push(res.json);
  }
  const [pantry, tutoring, jobs] = programs as [
    { id: number; Name: string },
    { id: number; Name: string },
    { id: number; Name: string },
  ];
  const main = (
    await admin.call((api) =>
      api.locations.create({
        Name: "Main Street",
        Address: "1 Main St",
        ProgramIds: [tutoring.id, pantry.id],
        // The tests were written for sites that ask temperatures (a new one asks none).
        AsksTemperature: true,
      }),
    )
  ).json as { id: number };
  const east = (
    await admin.call((api) =>
      api.locations.create({
        Name: "Eastside",
        Address: "2 Oak Ave",
        ProgramIds: [jobs.id],
        AsksTemperature: true,
      }),
    )
  ).json as { id: number };
  return { pantry, tutoring, jobs, main, east };
}

/** A browser turned into the tablet of a location by staff, as Set Up Tablet does. */
export async function tabletClient(world: World, locationId: number): Promise<Client> {
  const client = await staffClient(world);
  const res = await client.call((api) => api.locations.setup({ id: locationId }));
  if (res.status !== 200) throw new Error(`setup: ${res.status} ${JSON.stringify(res.json)}`);
  return client;
}

/** The id of the tablet set up last (of a location, when given): the one a test has just set up. */
export async function newestTabletId(world: World, locationId?: number): Promise<number> {
  let query = world.services.db.kysely.selectFrom("tablets").select("id");
  if (locationId !== undefined) query = query.where("location_id", "=", locationId);
  return (await query.orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

let visitors = 0;
/** A sign-in; each visitor has a phone of their own, since one phone is signed in once at a time. */
export const visitor = <O extends Record<string, unknown>>(
  LocationId: number,
  ProgramId: number,
  overrides: O = {} as O,
) => ({
  FirstName: "Grace",
  LastName: "Hopper",
  PhoneNumber: `415-${String(2_000_000 + ++visitors).replace(/^(\d{3})/, "$1-")}`,
  Temperature: "98.6",
  LocationId,
  ProgramId,
  ...overrides,
});

export interface CatalogWorld {
  world: World;
  admin: Client;
  catalog: Awaited<ReturnType<typeof createCatalog>>;
}

/** A file's shared world, admin and catalog: started before its tests, closed after them. */
export function useCatalogWorld(options?: Parameters<typeof startWorld>[0]): CatalogWorld {
  const shared = {} as CatalogWorld;
  beforeAll(async () => {
    shared.world = await startWorld(options);
    shared.admin = await adminClient(shared.world);
    shared.catalog = await createCatalog(shared.admin);
  });
  afterAll(() => shared.world.close());
  return shared;
}
