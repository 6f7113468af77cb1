import { describe, expect, it } from "vitest";
import type { Client } from "./harness.ts";
import { useCatalogServer } from "./fixtures.ts";

const world = useCatalogServer();

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(56, 7),
]);

/** Registers and uploads a PNG; its signed id is what a location's Logo is set to. */
async function uploadedLogo(client: Client): Promise<string> {
  const asset = (
    await client.post("/api/assets", {
      blob: { filename: "logo.png", content_type: "image/png", byte_size: png.length },
    })
  ).json;
  const put = await client.request(
    "PUT",
    asset.direct_upload.url,
    png,
    asset.direct_upload.headers,
  );
  if (put.status >= 300) throw new Error(`upload: ${put.status} ${put.body}`);
  return asset.signed_id;
}

describe("a location's temperature unit", () => {
  it("is °F unless set, can be °C, and the sheet reads it without a login", async () => {
    const created = await world.admin.post("/api/locations", { Name: "Valencia" });
    expect(created.json.TemperatureUnit).toBe("F");
    const celsius = await world.admin.patch(`/api/locations/${created.json.id}`, {
      TemperatureUnit: "C",
    });
    expect(celsius.status).toBe(200);
    expect(celsius.json.TemperatureUnit).toBe("C");
    expect(
      (await world.server.client().get(`/api/locations/${created.json.id}`)).json.TemperatureUnit,
    ).toBe("C");
    const other = await world.admin.post("/api/locations", { Name: "Lyon", TemperatureUnit: "C" });
    expect(other.json.TemperatureUnit).toBe("C");
  });

  it("refuses a unit other than F or C with a 422 on the field", async () => {
    const res = await world.admin.patch(`/api/locations/${world.catalog.main.id}`, {
      TemperatureUnit: "K",
    });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["TemperatureUnit"]);
  });
});

describe("a location's logo", () => {
  it("is set from an uploaded image, served publicly, replaced (the old file goes) and removed", async () => {
    const location = (
      await world.admin.post("/api/locations", {
        Name: "Logo Hall",
        Logo: await uploadedLogo(world.admin),
      })
    ).json;
    expect(location.LogoUrl).toMatch(/^\/api\/files\/\S+$/);
    const image = await world.server.client().get(location.LogoUrl);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");

    const replaced = (
      await world.admin.patch(`/api/locations/${location.id}`, {
        Logo: await uploadedLogo(world.admin),
      })
    ).json;
    expect(replaced.LogoUrl).not.toBe(location.LogoUrl);
    expect((await world.server.client().get(location.LogoUrl)).status).toBe(404);
    // Left out, it stays.
    expect(
      (await world.admin.patch(`/api/locations/${location.id}`, { Name: "Logo Hall 2" })).json
        .LogoUrl,
    ).toBe(replaced.LogoUrl);

    const removed = await world.admin.patch(`/api/locations/${location.id}`, { Logo: null });
    expect(removed.json.LogoUrl).toBeNull();
    expect((await world.server.client().get(replaced.LogoUrl)).status).toBe(404);
  });

  it("refuses a made-up or unfinished upload with a 422 on Logo", async () => {
    const madeUp = await world.admin.patch(`/api/locations/${world.catalog.main.id}`, {
      Logo: "not-a-signed-id",
    });
    expect(madeUp.status).toBe(422);
    expect(madeUp.json.errors).toEqual([{ path: "Logo", message: "Logo is invalid" }]);
    const asset = (
      await world.admin.post("/api/assets", {
        blob: { filename: "logo.png", content_type: "image/png", byte_size: 64 },
      })
    ).json;
    const unfinished = await world.admin.patch(`/api/locations/${world.catalog.main.id}`, {
      Logo: asset.signed_id,
    });
    expect(unfinished.status).toBe(422);
    expect(unfinished.json.errors).toEqual([
      { path: "Logo", message: "Logo has not been uploaded" },
    ]);
  });
});
