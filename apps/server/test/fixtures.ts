import { afterAll, beforeAll } from "vitest";
import { startTestServer, type Client, type TestServer } from "./harness.ts";

/** An admin's client, and a catalog with two locations and three programs. */
export async function adminClient(server: TestServer): Promise<Client> {
  const admin = await server.createUser({ isAdmin: true });
  const client = server.client();
  await client.login(admin.email, admin.password);
  return client;
}

export async function staffClient(server: TestServer): Promise<Client> {
  const staff = await server.createUser();
  const client = server.client();
  await client.login(staff.email, staff.password);
  return client;
}

export async function createCatalog(admin: Client) {
  const programs: Array<{ id: number; Name: string }> = [];
  for (const Name of ["Food Pantry", "Tutoring", "Job Help"]) {
    const res = await admin.post("/api/programs", { Name, LocationIds: [] });
    if (res.status !== 201) throw new Error(`program: ${res.status} ${res.body}`);
    programs.push(res.json);
  }
  const [pantry, tutoring, jobs] = programs as [
    { id: number; Name: string },
    { id: number; Name: string },
    { id: number; Name: string },
  ];
  const main = (
    await admin.post("/api/locations", {
      Name: "Main Street",
      Address: "1 Main St",
      ProgramIds: [tutoring.id, pantry.id],
    })
  ).json as { id: number };
  const east = (
    await admin.post("/api/locations", {
      Name: "Eastside",
      Address: "2 Oak Ave",
      ProgramIds: [jobs.id],
    })
  ).json as { id: number };
  return { pantry, tutoring, jobs, main, east };
}

/** A browser turned into the tablet of a location by staff, as Set Up Tablet does. */
export async function tabletClient(server: TestServer, locationId: number): Promise<Client> {
  const client = await staffClient(server);
  const res = await client.get(`/api/locations/${locationId}/setup`);
  if (res.status !== 200) throw new Error(`setup: ${res.status} ${res.body}`);
  return client;
}

/** The id of the tablet set up last (of a location, when given): the one a test has just set up. */
export async function newestTabletId(server: TestServer, locationId?: number): Promise<number> {
  let query = server.services.db.kysely.selectFrom("tablets").select("id");
  if (locationId !== undefined) query = query.where("location_id", "=", locationId);
  return (await query.orderBy("id", "desc").executeTakeFirstOrThrow()).id;
}

let visitors = 0;
/** A sign-in body; each visitor has a phone of their own, since one phone is signed in once at a time. */
export const visitor = (
  LocationId: number,
  ProgramId: number,
  overrides: Record<string, unknown> = {},
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
  server: TestServer;
  admin: Client;
  catalog: Awaited<ReturnType<typeof createCatalog>>;
}

/** A file's shared server, admin and catalog: started before its tests, closed after them. */
export function useCatalogServer(): CatalogWorld {
  const world = {} as CatalogWorld;
  beforeAll(async () => {
    world.server = await startTestServer();
    world.admin = await adminClient(world.server);
    world.catalog = await createCatalog(world.admin);
  });
  afterAll(() => world.server.close());
  return world;
}
