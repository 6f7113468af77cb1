import { describe, expect, it } from "vitest";
import { staffClient, useCatalogServer, visitor } from "./fixtures.ts";

/**
 * What HTTP adds to signatures: the image served as itself, to staff of its location alone, and
 * a day's sign sheet as a page to print.
 */

const world = useCatalogServer();

const drawing =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><path d="M10 80 C 40 10, 65 10, 95 80" fill="none" stroke="#000" stroke-width="3"/></svg>';
const svgUrl = `data:image/svg+xml;base64,${Buffer.from(drawing).toString("base64")}`;

/** A program at Main Street that asks for a signature, and two sign-ins there on 1 March 2026. */
async function signedDay() {
  const made = await world.admin.post("/api/programs", {
    Name: `Signed ${Date.now()}`,
    LocationIds: [world.catalog.main.id],
    AsksSignature: true,
  });
  expect(made.status, made.body).toBe(201);
  const programId = made.json.id as number;
  const db = world.server.services.db.kysely;
  const sign = async (fields: Record<string, unknown>) => {
    const res = await world.admin.post("/api/visits", {
      ...visitor(world.catalog.main.id, programId),
      ...fields,
    });
    expect(res.status, res.body).toBe(201);
    // On the sheet's day, whatever the machine's date.
    await db
      .updateTable("visits")
      .set({ time_in: new Date("2026-03-01T18:00:00Z") })
      .where("id", "=", res.json.id)
      .execute();
    return res.json as { id: number; Signed: string | null };
  };
  const signed = await sign({ FirstName: "Rosa", LastName: "Parks <b>", Signature: svgUrl });
  const declined = await sign({ FirstName: "Ada", LastName: "Byron", SignatureDeclined: true });
  return { programId, signed, declined };
}

describe("a visit's signature", () => {
  it("is served as the image it is, to staff of its location; another location's staff and a visit without one hear 404", async () => {
    const { signed, declined } = await signedDay();
    expect(signed.Signed).toBe("yes");
    const res = await world.admin.get(`/api/visits/${signed.id}/signature`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    expect(res.body).toBe(drawing);

    const elsewhere = world.server.client();
    const user = await world.server.createUser({
      access: [{ locationId: world.catalog.east.id, role: "staff" }],
    });
    await elsewhere.login(user.email, user.password);
    expect((await elsewhere.get(`/api/visits/${signed.id}/signature`)).status).toBe(404);
    expect((await world.admin.get(`/api/visits/${declined.id}/signature`)).status).toBe(404);
    expect((await world.server.client().get(`/api/visits/${signed.id}/signature`)).status).toBe(
      401,
    );
  });
});

describe("the sign sheet", () => {
  it("lists the day's visits with their names, household size and signature, or that they declined", async () => {
    const { programId } = await signedDay();
    const staff = await staffClient(world.server);
    const res = await staff.get(
      `/api/reports/sign-sheet?date=2026-03-01&locationId=${world.catalog.main.id}&programId=${programId}&timeZone=America/Los_Angeles`,
    );
    expect(res.status, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain("Rosa Parks &lt;b&gt;");
    expect(res.body).toContain(`<img src="${svgUrl}"`);
    expect(res.body).toContain("Declined to sign");
    expect(res.body).toContain("@page");
    // The day before holds nobody.
    const before = await staff.get(
      `/api/reports/sign-sheet?date=2026-02-28&locationId=${world.catalog.main.id}&programId=${programId}&timeZone=America/Los_Angeles`,
    );
    expect(before.body).toContain("No visits this day.");
  });

  it("needs a real day, place and program", async () => {
    const bad = await world.admin.get(
      `/api/reports/sign-sheet?date=2026-02-30&locationId=x&programId=${world.catalog.pantry.id}`,
    );
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "date",
      "locationId",
    ]);
    expect(
      (
        await world.admin.get(
          `/api/reports/sign-sheet?date=2026-03-01&locationId=999999&programId=${world.catalog.pantry.id}`,
        )
      ).status,
    ).toBe(404);
  });
});
