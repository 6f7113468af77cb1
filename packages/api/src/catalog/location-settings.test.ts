import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";
import { servedType, uploadedImage } from "../../test/uploads.ts";

const site = useCatalogWorld();

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(56, 7),
]);

/** A PNG uploaded by the admin; its signed id is what a location's Logo is set to. */
const uploadedLogo = () => uploadedImage(site.world, site.admin, png, "image/png");

describe("a location's temperature unit", () => {
  it("is °F unless set, can be °C, and the sheet reads it without a login", async () => {
    const created = await site.admin.call((api) => api.locations.create({ Name: "Valencia" }));
    expect(created.json.TemperatureUnit).toBe("F");
    const celsius = await site.admin.call((api) =>
      api.locations.update({ id: created.json.id, TemperatureUnit: "C" }),
    );
    expect(celsius.status).toBe(200);
    expect(celsius.json.TemperatureUnit).toBe("C");
    expect(
      (await site.world.client().call((api) => api.locations.get({ id: created.json.id }))).json
        .TemperatureUnit,
    ).toBe("C");
    const other = await site.admin.call((api) =>
      api.locations.create({ Name: "Lyon", TemperatureUnit: "C" }),
    );
    expect(other.json.TemperatureUnit).toBe("C");
  });

  it("refuses a unit other than F or C with a 422 on the field", async () => {
    const res = await site.admin.call((api) =>
      api.locations.update({ id: site.catalog.main.id, TemperatureUnit: "K" } as never),
    );
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["TemperatureUnit"]);
  });
});

describe("a location's logo", () => {
  it("is set from an uploaded image, kept to be served at its LogoUrl, replaced (the old file goes) and removed", async () => {
    const first = await uploadedLogo();
    const location = (
      await site.admin.call((api) => api.locations.create({ Name: "Logo Hall", Logo: first }))
    ).json;
    expect(location.LogoUrl).toMatch(/^\/api\/files\/\S+$/);
    expect(await servedType(site.world, location.LogoUrl)).toBe("image/png");

    const second = await uploadedLogo();
    const replaced = (
      await site.admin.call((api) => api.locations.update({ id: location.id, Logo: second }))
    ).json;
    expect(replaced.LogoUrl).not.toBe(location.LogoUrl);
    expect(await servedType(site.world, location.LogoUrl)).toBeUndefined();
    // Left out, it stays.
    expect(
      (
        await site.admin.call((api) =>
          api.locations.update({ id: location.id, Name: "Logo Hall 2" }),
        )
      ).json.LogoUrl,
    ).toBe(replaced.LogoUrl);

    const removed = await site.admin.call((api) =>
      api.locations.update({ id: location.id, Logo: null }),
    );
    expect(removed.json.LogoUrl).toBeNull();
    expect(await servedType(site.world, replaced.LogoUrl)).toBeUndefined();
  });

  it("refuses a made-up or unfinished upload with a 422 on Logo", async () => {
    const madeUp = await site.admin.call((api) =>
      api.locations.update({ id: site.catalog.main.id, Logo: "not-a-signed-id" }),
    );
    expect(madeUp.status).toBe(422);
    expect(madeUp.json.errors).toEqual([
      { path: "Logo", message: "Logo is invalid", key: "invalid", values: { label: "Logo" } },
    ]);
    const asset = (
      await site.admin.call((api) =>
        api.assets.create({
          blob: { filename: "logo.png", content_type: "image/png", byte_size: 64 },
        }),
      )
    ).json;
    const unfinished = await site.admin.call((api) =>
      api.locations.update({ id: site.catalog.main.id, Logo: asset.signed_id }),
    );
    expect(unfinished.status).toBe(422);
    expect(unfinished.json.errors).toEqual([
      {
        path: "Logo",
        message: "Logo has not been uploaded",
        key: "notUploaded",
        values: { label: "Logo" },
      },
    ]);
  });
});

describe("a location's kiosk timings", () => {
  it("default to a minute's idle reset, a 3 s confirmation and a 5 s send time-out, and round-trip through the sheet's read", async () => {
    const created = await site.admin.call((api) => api.locations.create({ Name: "Timings Hall" }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      IdleResetSeconds: 60,
      ConfirmationSeconds: 3,
      SendTimeoutSeconds: 5,
    });
    const set = await site.admin.call((api) =>
      api.locations.update({
        id: created.json.id,
        IdleResetSeconds: 600,
        ConfirmationSeconds: 2,
        SendTimeoutSeconds: 60,
      }),
    );
    expect(set.status).toBe(200);
    // What the tablet reads, without a login; a field left out keeps its value.
    await site.admin.call((api) =>
      api.locations.update({ id: created.json.id, IdleResetSeconds: 15 }),
    );
    expect(
      (await site.world.client().call((api) => api.locations.get({ id: created.json.id }))).json,
    ).toMatchObject({ IdleResetSeconds: 15, ConfirmationSeconds: 2, SendTimeoutSeconds: 60 });
    const withTimings = await site.admin.call((api) =>
      api.locations.create({
        Name: "Slow Hall",
        IdleResetSeconds: 300,
        ConfirmationSeconds: 30,
        SendTimeoutSeconds: 2,
      }),
    );
    expect(withTimings.json).toMatchObject({
      IdleResetSeconds: 300,
      ConfirmationSeconds: 30,
      SendTimeoutSeconds: 2,
    });
  });

  it("refuses values out of bounds or not whole seconds with a 422 on each field, keeping the old ones", async () => {
    const location = (await site.admin.call((api) => api.locations.create({ Name: "Bounds Hall" })))
      .json;
    const outside = await site.admin.call((api) =>
      api.locations.update({
        id: location.id,
        IdleResetSeconds: 14,
        ConfirmationSeconds: 31,
        SendTimeoutSeconds: 1,
      }),
    );
    expect(outside.status).toBe(422);
    expect(outside.json.errors).toEqual([
      {
        path: "IdleResetSeconds",
        message: "Use whole seconds from 15 to 600",
        key: "kioskSeconds",
        values: { min: 15, max: 600 },
      },
      {
        path: "ConfirmationSeconds",
        message: "Use whole seconds from 2 to 30",
        key: "kioskSeconds",
        values: { min: 2, max: 30 },
      },
      {
        path: "SendTimeoutSeconds",
        message: "Use whole seconds from 2 to 60",
        key: "kioskSeconds",
        values: { min: 2, max: 60 },
      },
    ]);
    for (const body of [
      { IdleResetSeconds: 601 },
      { IdleResetSeconds: 60.5 },
      { IdleResetSeconds: null },
      { ConfirmationSeconds: 0 },
      { SendTimeoutSeconds: 61 },
      { SendTimeoutSeconds: -5 },
    ]) {
      const res = await site.admin.call((api) =>
        api.locations.update({ id: location.id, ...body } as never),
      );
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(Object.keys(body));
    }
    const created = await site.admin.call((api) =>
      api.locations.create({ Name: "Too Quick", ConfirmationSeconds: 1 }),
    );
    expect(created.status).toBe(422);
    expect(
      (await site.world.client().call((api) => api.locations.get({ id: location.id }))).json,
    ).toMatchObject({
      IdleResetSeconds: 60,
      ConfirmationSeconds: 3,
      SendTimeoutSeconds: 5,
    });
  });
});
