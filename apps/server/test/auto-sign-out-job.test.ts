import { describe, expect, it } from "vitest";
import { eventFanOut, scheduledJobs, staffAlertSender, webhookSender } from "../src/jobs/index.ts";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

// The automatic sign-out as the server runs it: the every-minute job, on the server's clock (moved
// here, rather than waiting for the calendar). An admin's "run now" and what a run does are tested
// in packages/api (visits/auto-sign-out.test.ts).

const world = useCatalogServer();
const quiet = { info: () => undefined, error: () => undefined };

/** A location whose visits end after a quarter of an hour, and one visit signed in there now. */
async function quarterHourVisit() {
  const location = (
    await world.admin.post("/api/locations", {
      Name: `Quarter Hall ${Math.random()}`,
      ProgramIds: [world.catalog.pantry.id],
      MaxStayHours: 0.25,
    })
  ).json as { id: number };
  const tablet = await tabletClient(world.server, location.id);
  const visit = (await tablet.post("/api/visits", visitor(location.id, world.catalog.pantry.id)))
    .json as { id: number; TimeIn: string };
  return { location, visit };
}

const read = async (id: number) =>
  (await world.admin.get(`/api/visits/${id}`)).json as {
    TimeOut: string | null;
    SignedOutBy: string | null;
  };

/** Half an hour on: past the quarter hour's stay. */
async function halfAnHourLater<T>(work: () => Promise<T>): Promise<T> {
  world.server.clock.offsetMs = 30 * 60_000;
  try {
    return await work();
  } finally {
    world.server.clock.offsetMs = 0;
  }
}

describe("the automatic sign-out, as the server runs it", () => {
  it("is a job every minute that ends a visit past its location's maximum stay at TimeIn plus the stay", async () => {
    const jobs = scheduledJobs(world.server.services, quiet, {
      fanOut: eventFanOut(world.server.services, quiet),
      webhooks: webhookSender(world.server.services, quiet),
      staffAlerts: staffAlertSender(world.server.services, quiet),
    });
    const job = jobs.find((j) => j.name === "auto-sign-out");
    expect(job?.cron).toBe("* * * * *");
    const { visit } = await quarterHourVisit();
    await job!.run();
    expect(await read(visit.id)).toMatchObject({ TimeOut: null });
    await halfAnHourLater(() => job!.run());
    expect(await read(visit.id)).toEqual(
      expect.objectContaining({
        TimeOut: new Date(Date.parse(visit.TimeIn) + 15 * 60_000).toISOString(),
        SignedOutBy: "auto",
      }),
    );
  });
});
