import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { refusingPort, startFakePrinter } from "@vsi/test-utils/fake-printer";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";

const site = useCatalogWorld();
let printer: Awaited<ReturnType<typeof startFakePrinter>>;
let tablet: Client;

beforeAll(async () => {
  printer = await startFakePrinter();
  tablet = await tabletClient(site.world, site.catalog.main.id);
});
afterAll(() => printer.close());

const labelRows = () =>
  site.world.services.db.kysely.selectFrom("location_labels").selectAll().execute();

/** A visitor signed in at Main Street's pantry by its tablet. */
async function signedIn(overrides: Record<string, unknown> = {}) {
  const res = await tablet.call((api) =>
    api.visits.create(visitor(site.catalog.main.id, site.catalog.pantry.id, overrides)),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

const setPrinter = (LabelPrinter: unknown, id = site.catalog.main.id) =>
  site.admin.call((api) => api.locations.update({ id, LabelPrinter } as never));

/** The visit's latest print once it has ended (the send runs after the 202). */
async function settledPrint(visitId: number) {
  let print: { State: string; Error: string | null; Attempt: number } | null = null;
  await expect
    .poll(
      async () => {
        print = (await site.admin.call((api) => api.labels.label({ id: visitId }))).json.Print;
        return print?.State;
      },
      { timeout: 10_000, interval: 50 },
    )
    .not.toBe("sending");
  return print!;
}

describe("a location's label printer", () => {
  it("is set by an admin, answered to staff and tablets, hidden from anyone else", async () => {
    const set = await setPrinter({ kind: "zpl", host: "192.168.1.50", port: 9100 });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.LabelPrinter).toEqual({ kind: "zpl", host: "192.168.1.50", port: 9100 });
    expect(set.json.LabelSize).toBe("62x29mm");
    const byTablet = await tablet.call((api) => api.locations.get({ id: site.catalog.main.id }));
    expect(byTablet.json.LabelPrinter).toEqual({ kind: "zpl", host: "192.168.1.50", port: 9100 });
    const byAnyone = await site.world
      .client()
      .call((api) => api.locations.get({ id: site.catalog.main.id }));
    expect(byAnyone.json.LabelPrinter).toBeNull();
    const size = await site.admin.call((api) =>
      api.locations.update({ id: site.catalog.main.id, LabelSize: "2.25x1.25in" }),
    );
    // A field left out keeps its value.
    expect(size.json.LabelPrinter).toEqual({ kind: "zpl", host: "192.168.1.50", port: 9100 });
    expect(size.json.LabelSize).toBe("2.25x1.25in");
  });

  it("is refused to staff, with nothing written", async () => {
    const staff = await staffClient(site.world);
    const before = await labelRows();
    const res = await staff.call((api) =>
      api.locations.update({
        id: site.catalog.east.id,
        LabelPrinter: { kind: "zpl", host: "10.0.0.9", port: 9100 },
      }),
    );
    expect(res.status).toBe(403);
    expect(await labelRows()).toEqual(before);
  });

  it("refuses public, link-local and cloud metadata hosts with a 422 on the host, writing nothing; allows private and loopback", async () => {
    const before = await labelRows();
    for (const host of [
      "8.8.8.8",
      "2606:4700::1111",
      "169.254.10.1",
      "fe80::1",
      "169.254.169.254",
      "fd00:ec2::254",
      "::ffff:169.254.169.254",
      "metadata.google.internal",
      "100.100.100.200",
      "not a host",
    ]) {
      const res = await setPrinter({ kind: "zpl", host, port: 9100 }, site.catalog.east.id);
      expect(res.status, host).toBe(422);
      expect(
        res.json.errors.map((e: { path: string }) => e.path),
        host,
      ).toEqual(["LabelPrinter.host"]);
    }
    // A new location with a refused printer is not made either.
    const created = await site.admin.call((api) =>
      api.locations.create({
        Name: "Nowhere",
        LabelPrinter: { kind: "zpl", host: "1.1.1.1", port: 9100 },
      }),
    );
    expect(created.status).toBe(422);
    expect(await labelRows()).toEqual(before);
    const names = await site.world.services.db.kysely
      .selectFrom("locations")
      .select("name")
      .where("name", "=", "Nowhere")
      .execute();
    expect(names).toEqual([]);

    for (const host of ["10.1.2.3", "172.16.0.5", "192.168.0.20", "127.0.0.1", "::1", "fc00::7"]) {
      const res = await setPrinter({ kind: "zpl", host, port: 9100 }, site.catalog.east.id);
      expect(res.status, host).toBe(200);
    }
    const bracketed = await setPrinter({ kind: "zpl", host: "[fd12::9]", port: 9100 });
    expect(bracketed.json.LabelPrinter).toEqual({ kind: "zpl", host: "fd12::9", port: 9100 });
    const port = await setPrinter({ kind: "zpl", host: "10.1.2.3", port: 70000 });
    expect(port.status).toBe(422);
    expect(port.json.errors.map((e: { path: string }) => e.path)).toEqual(["LabelPrinter.port"]);
  });
});

describe("printing a visit's label", () => {
  it("answers 202 and sends the printer ZPL with the name, program, date and the QR code of the visit's page", async () => {
    await setPrinter({ kind: "zpl", host: printer.host, port: printer.port });
    const visit = await signedIn({ FirstName: "Ana", LastName: "García" });
    const res = await tablet.call((api) => api.labels.print({ id: visit.id }));
    expect(res.status).toBe(202);
    expect(res.json.State).toBe("sending");
    const zpl = await printer.received();
    expect(zpl.startsWith("^XA")).toBe(true);
    expect(zpl.trimEnd().endsWith("^XZ")).toBe(true);
    expect(zpl).toContain("^FDAna G.^FS");
    expect(zpl).toContain("^FDFood Pantry^FS");
    expect(zpl).toMatch(/\^BQN,2,5\^FDMA,http:\/\/\S+\/dashboard\/visits\/\d+\^FS/);
    expect(zpl).toContain(`/dashboard/visits/${visit.id}^FS`);
    expect((await settledPrint(visit.id)).State).toBe("printed");

    const label = (await site.admin.call((api) => api.labels.label({ id: visit.id }))).json;
    expect(label).toMatchObject({
      Name: "Ana G.",
      Program: "Food Pantry",
      Number: null,
      HasPrinter: true,
    });
    expect(label.Url).toMatch(new RegExp(`/dashboard/visits/${visit.id}$`));
    expect(label.Qr.Path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);
  });

  it("carries the visit's number in the line when the location's queue is on", async () => {
    await setPrinter({ kind: "zpl", host: printer.host, port: printer.port });
    const queued = await site.admin.call((api) =>
      api.locations.update({ id: site.catalog.main.id, Queue: "arrival" }),
    );
    expect(queued.status, JSON.stringify(queued.json)).toBe(200);
    try {
      const visit = (await signedIn({ FirstName: "Noor" })) as { id: number; QueueNumber: number };
      expect(visit.QueueNumber).toBeGreaterThan(0);
      const label = (await site.admin.call((api) => api.labels.label({ id: visit.id }))).json;
      expect(label.Number).toBe(`#${visit.QueueNumber}`);
      expect((await tablet.call((api) => api.labels.print({ id: visit.id }))).status).toBe(202);
      expect(await printer.received()).toContain(`^FD#${visit.QueueNumber}^FS`);
    } finally {
      await site.admin.call((api) =>
        api.locations.update({ id: site.catalog.main.id, Queue: "off" }),
      );
    }
  });

  it("with the printer down, still signs in, records the failure for staff, and prints again once it is back", async () => {
    await setPrinter({ kind: "zpl", host: "127.0.0.1", port: await refusingPort() });
    const visit = await signedIn({ FirstName: "Bo" });
    const first = await tablet.call((api) => api.labels.print({ id: visit.id }));
    expect(first.status).toBe(202);
    const failed = await settledPrint(visit.id);
    expect(failed.State).toBe("failed");
    expect(failed.Error).toMatch(/ECONNREFUSED/);

    await setPrinter({ kind: "zpl", host: printer.host, port: printer.port });
    const again = await site.admin.call((api) => api.labels.print({ id: visit.id }));
    expect(again.status).toBe(202);
    expect(await printer.received()).toContain("^FDBo H.^FS");
    const printed = await settledPrint(visit.id);
    expect(printed).toMatchObject({ State: "printed", Error: null, Attempt: 2 });
  });

  it("with a printer that takes the connection and never reads, still signs in and answers, and gives up with the failure for staff", async () => {
    const hung = await startFakePrinter({ hangs: true });
    const config = site.world.services.config;
    // The product waits 5 s (printerTimeoutMs); this world a fraction of it.
    config.printerTimeoutMs = 300;
    onTestFinished(async () => {
      delete config.printerTimeoutMs;
      await hung.close();
    });
    await setPrinter({ kind: "zpl", host: hung.host, port: hung.port });
    const visit = await signedIn({ FirstName: "Cy" });
    expect((await tablet.call((api) => api.labels.print({ id: visit.id }))).status).toBe(202);
    const failed = await settledPrint(visit.id);
    expect(failed).toMatchObject({ State: "failed", Attempt: 1 });
    expect(failed.Error).toMatch(/no answer .* within 300 ms/);
  });

  it("is the visit's location's: another location's tablet 403, staff without it 404, no printer 409", async () => {
    const visit = await signedIn();
    const eastTablet = await tabletClient(site.world, site.catalog.east.id);
    expect((await eastTablet.call((api) => api.labels.print({ id: visit.id }))).status).toBe(403);
    const outsider = await site.world.createUser({
      access: [{ locationId: site.catalog.east.id, role: "staff" }],
    });
    const narrow = site.world.client();
    await narrow.login(outsider.email, outsider.password);
    expect((await narrow.call((api) => api.labels.print({ id: visit.id }))).status).toBe(404);
    expect((await narrow.call((api) => api.labels.label({ id: visit.id }))).status).toBe(404);
    await setPrinter(null);
    const none = await site.admin.call((api) => api.labels.print({ id: visit.id }));
    expect(none.status).toBe(409);
    // Signed out, the visitor's ticket is staff's alone: a tablet never reads names of visits gone.
    await tablet.call((api) => api.visits.signOut({ id: visit.id }));
    expect((await tablet.call((api) => api.labels.label({ id: visit.id }))).status).toBe(404);
    expect((await site.admin.call((api) => api.labels.label({ id: visit.id }))).status).toBe(200);
  });
});
