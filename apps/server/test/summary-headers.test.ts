import { describe, expect, it } from "vitest";
import { useCatalogServer } from "./fixtures.ts";

/**
 * The summary's totals travel as response headers over /api (the counting itself is tested beside
 * it, in packages/api): each header on the wire, an average of nothing as an empty one.
 */

const world = useCatalogServer();

describe("GET /api/visits/summary", () => {
  it("answers the whole's totals in X-Total-Visits, X-Unique-Visitors and X-Average-Stay-Minutes, empty when nothing was signed out", async () => {
    const { server, admin, catalog } = world;
    const location = (
      await admin.post("/api/locations", {
        Name: "Summary Headers",
        ProgramIds: [catalog.pantry.id, catalog.tutoring.id],
      })
    ).json as { id: number };
    const visit = (timeIn: string, timeOut: string | null, phone: string, programId: number) => ({
      first_name: "Sam",
      last_name: "Summary",
      phone_number: phone,
      temperature: "98.1",
      location_id: location.id,
      program_id: programId,
      time_in: new Date(timeIn),
      time_out: timeOut ? new Date(timeOut) : null,
    });
    await server.services.db.kysely
      .insertInto("visits")
      .values([
        visit("2026-05-04T15:00:00Z", "2026-05-04T16:00:00Z", "4155550001", catalog.pantry.id),
        visit("2026-05-05T15:00:00Z", "2026-05-05T15:30:00Z", "4155550001", catalog.pantry.id),
        visit("2026-05-05T17:00:00Z", null, "4155550002", catalog.tutoring.id),
      ])
      .execute();

    const res = await admin.get(
      `/api/visits/summary?locationId=${location.id}&from=2026-05-04&to=2026-05-05&groupBy=day`,
    );
    expect(res.status).toBe(200);
    expect(res.headers["x-total-visits"]).toBe("3");
    expect(res.headers["x-unique-visitors"]).toBe("2");
    expect(res.headers["x-average-stay-minutes"]).toBe("45");
    expect(res.headers["x-total-count"]).toBe("2");

    const open = await admin.get(
      `/api/visits/summary?locationId=${location.id}&from=2026-05-05&to=2026-05-05&programId=${catalog.tutoring.id}`,
    );
    expect(open.status).toBe(200);
    expect(open.headers["x-average-stay-minutes"]).toBe("");
  });
});
