import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestServer, type Client, type TestServer } from "./harness.ts";

let server: TestServer;
let staff: Client;
let staffId: number;

const MB = 1024 * 1024;
const fileTypeMessage = "File type must be image/jpeg, image/png, image/webp or image/gif";

/** Bytes that start like each image type; the server looks at the magic numbers only. */
const images = {
  png: (size = 64) =>
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(size - 8, 7),
    ]),
  jpeg: (size = 64) =>
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 3)]),
  gif87: (size = 64) => Buffer.concat([Buffer.from("GIF87a"), Buffer.alloc(size - 6, 1)]),
  gif89: (size = 64) => Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(size - 6, 1)]),
  webp: (size = 64) =>
    Buffer.concat([
      Buffer.from("RIFF"),
      Buffer.from([size - 8, 0, 0, 0]),
      Buffer.from("WEBPVP8 "),
      Buffer.alloc(size - 16, 2),
    ]),
};

interface Asset {
  id: number;
  key: string;
  filename: string;
  content_type: string;
  byte_size: number;
  signed_id: string;
  direct_upload: { url: string; headers: Record<string, string> };
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// A user of its own for each test: each user's uploads waiting to be saved are capped.
beforeEach(async () => {
  server.clock.offsetMs = 0;
  const user = await server.createUser();
  staffId = user.id;
  staff = server.client();
  await staff.login(user.email, user.password);
});

async function register(client: Client, blob: Record<string, unknown>): Promise<Asset> {
  const res = await client.post("/api/assets", { blob });
  expect(res.status).toBe(200);
  return res.json as Asset;
}

/** The second half of a direct upload: PUT the bytes to the returned URL with the returned headers. */
function put(
  client: Client,
  asset: Asset,
  bytes: Buffer,
  headers: Record<string, string> = asset.direct_upload.headers,
) {
  return client.request("PUT", asset.direct_upload.url, bytes, headers);
}

async function uploaded(
  bytes: Buffer,
  contentType: string,
  client: Client = staff,
): Promise<Asset> {
  const asset = await register(client, {
    filename: "photo",
    content_type: contentType,
    byte_size: bytes.length,
  });
  const res = await put(client, asset, bytes);
  expect(res.status, res.body).toBe(200);
  return asset;
}

const fileRow = (id: number) =>
  server.services.db.kysely.selectFrom("files").selectAll().where("id", "=", id).executeTakeFirst();
const countFiles = async () =>
  (
    await server.services.db.kysely
      .selectFrom("files")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;
const stored = async (key: string) => {
  const stream = await server.services.storage.get(key);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("POST /api/assets", () => {
  it("registers an image blob (200) with a signed id and a direct-upload URL and headers", async () => {
    const res = await staff.post("/api/assets", {
      blob: { filename: "me.png", content_type: "image/png", byte_size: 1234, checksum: "abc==" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: expect.any(Number),
      key: expect.stringMatching(/^[a-z0-9]{20,}$/),
      filename: "me.png",
      content_type: "image/png",
      byte_size: 1234,
      signed_id: expect.any(String),
      direct_upload: {
        url: expect.stringMatching(/^\/api\/uploads\/\S+$/),
        headers: { "Content-Type": "image/png" },
      },
    });
    expect(await fileRow(res.json.id)).toMatchObject({
      key: res.json.key,
      created_by_user_id: staffId,
      uploaded_at: null,
      checksum: "abc==",
    });
  });

  it("gives every blob a new key", async () => {
    const a = await register(staff, {
      filename: "a.png",
      content_type: "image/png",
      byte_size: 10,
    });
    const b = await register(staff, {
      filename: "a.png",
      content_type: "image/png",
      byte_size: 10,
    });
    expect(a.key).not.toBe(b.key);
    expect(a.signed_id).not.toBe(b.signed_id);
  });

  it("answers 422 for anything but an image type, a size over 10 MB and bad fields, writing nothing", async () => {
    const before = await countFiles();
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [
        { filename: "x.html", content_type: "text/html", byte_size: 10 },
        "blob.content_type",
        fileTypeMessage,
      ],
      [
        { filename: "x.svg", content_type: "image/svg+xml", byte_size: 10 },
        "blob.content_type",
        fileTypeMessage,
      ],
      [{ filename: "x.bin", byte_size: 10 }, "blob.content_type", fileTypeMessage],
      [
        { filename: "x.png", content_type: "image/png", byte_size: 10 * MB + 1 },
        "blob.byte_size",
        `File is larger than ${10 * MB} bytes`,
      ],
      [{ filename: "x.png", content_type: "image/png", byte_size: 0 }, "blob.byte_size"],
      [{ filename: "x.png", content_type: "image/png", byte_size: "lots" }, "blob.byte_size"],
      [{ filename: "x.png", content_type: "image/png", byte_size: 1.5 }, "blob.byte_size"],
      [{ content_type: "image/png", byte_size: 10 }, "blob.filename"],
      [{ filename: "x".repeat(256), content_type: "image/png", byte_size: 10 }, "blob.filename"],
      [
        { filename: "x.png", content_type: "image/png", byte_size: 10, checksum: 5 },
        "blob.checksum",
      ],
    ];
    for (const [blob, path, message] of cases) {
      const res = await staff.post("/api/assets", { blob });
      expect(res.status, JSON.stringify(blob).slice(0, 80)).toBe(422);
      expect(res.json.errors).toEqual([
        expect.objectContaining(message ? { path, message } : { path }),
      ]);
    }
    const noBlob = await staff.post("/api/assets", {});
    expect(noBlob.status).toBe(422);
    expect(noBlob.json.errors).toEqual([expect.objectContaining({ path: "blob" })]);
    expect(
      (await staff.request("POST", "/api/assets", "{blob", { "content-type": "application/json" }))
        .status,
    ).toBe(400);
    expect(await countFiles()).toBe(before);
  });

  it("answers 401 to anonymous callers", async () => {
    const res = await (
      await server.client().prime()
    ).post("/api/assets", {
      blob: { filename: "a.png", content_type: "image/png", byte_size: 10 },
    });
    expect(res.status).toBe(401);
  });
});

describe("PUT <direct_upload.url>", () => {
  it("stores the bytes of each image type (200) and marks the blob uploaded", async () => {
    const cases: Array<[Buffer, string]> = [
      [images.png(), "image/png"],
      [images.jpeg(), "image/jpeg"],
      [images.gif87(), "image/gif"],
      [images.gif89(), "image/gif"],
      [images.webp(), "image/webp"],
    ];
    for (const [bytes, type] of cases) {
      const asset = await register(staff, {
        filename: "pic",
        content_type: type,
        byte_size: bytes.length,
      });
      const res = await put(staff, asset, bytes);
      expect(res.status, type).toBe(200);
      expect(res.json).toEqual({ ok: true });
      expect((await fileRow(asset.id))?.uploaded_at).toBeInstanceOf(Date);
      expect(await stored(asset.key)).toEqual(bytes);
    }
  });

  it("takes a body sent with any content type", async () => {
    const bytes = images.png();
    const asset = await register(staff, {
      filename: "pic.png",
      content_type: "image/png",
      byte_size: bytes.length,
    });
    expect(
      (await put(staff, asset, bytes, { "content-type": "application/octet-stream" })).status,
    ).toBe(200);
  });

  it("answers 422 when the bytes are not the registered size or type, storing nothing", async () => {
    const cases: Array<[string, Buffer, Buffer]> = [
      ["image/png", images.png(100), images.png(99)],
      ["image/png", images.png(100), images.png(101)],
      ["image/png", images.jpeg(), images.jpeg()],
      ["image/jpeg", images.png(), images.png()],
      ["image/gif", Buffer.concat([Buffer.from("GIF88a"), Buffer.alloc(58)]), Buffer.alloc(64)],
      [
        "image/webp",
        Buffer.concat([
          Buffer.from("RIFF"),
          Buffer.alloc(4),
          Buffer.from("WAVE"),
          Buffer.alloc(56),
        ]),
        Buffer.alloc(64),
      ],
      ["image/png", Buffer.from("<html><script>alert(1)</script></html>"), Buffer.alloc(0)],
      ["image/jpeg", Buffer.from([0xff, 0xd8]), Buffer.alloc(0)],
    ];
    for (const [type, registeredAs, sent] of cases) {
      const body = sent.length ? sent : registeredAs;
      const asset = await register(staff, {
        filename: "pic",
        content_type: type,
        byte_size: registeredAs.length,
      });
      const res = await put(staff, asset, body);
      expect(res.status, `${type} ${body.subarray(0, 8).toString("hex")}`).toBe(422);
      const { message, key, values } = res.json;
      expect(res.json).toEqual({
        status: 422,
        message: expect.any(String),
        key: expect.stringMatching(/^upload(Size|Type)Differs$/),
        values: expect.any(Object),
        errors: [{ path: "body", message, key, values }],
      });
      expect((await fileRow(asset.id))?.uploaded_at).toBeNull();
      expect(await stored(asset.key)).toBeUndefined();
    }
  });

  it("answers 413 with a JSON body for a body over 10 MB", async () => {
    const asset = await register(staff, {
      filename: "big.png",
      content_type: "image/png",
      byte_size: 10 * MB,
    });
    const res = await put(staff, asset, images.png(10 * MB + 1));
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      status: 413,
      message: expect.any(String),
      key: expect.any(String),
      values: expect.any(Object),
    });
    expect((await fileRow(asset.id))?.uploaded_at).toBeNull();
  });

  it("takes a file of exactly 10 MB", async () => {
    await uploaded(images.jpeg(10 * MB), "image/jpeg");
  });

  it("answers 403 for a forged or expired link and 404 when its blob is gone", async () => {
    const bytes = images.png();
    const asset = await register(staff, {
      filename: "pic.png",
      content_type: "image/png",
      byte_size: bytes.length,
    });
    const forged = asset.direct_upload.url.replace(
      /upload-(\d+)-/,
      (_m, id: string) => `upload-${Number(id) + 1}-`,
    );
    const res = await staff.request("PUT", forged, bytes, asset.direct_upload.headers);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      status: 403,
      message: "Upload link is invalid",
      key: "uploadLinkInvalid",
      values: {},
    });
    expect(
      (await staff.request("PUT", "/api/uploads/garbage", bytes, asset.direct_upload.headers))
        .status,
    ).toBe(403);

    server.clock.offsetMs = 60 * 60_000 + 1000;
    const expired = await put(staff, asset, bytes);
    expect(expired.status).toBe(403);
    expect(expired.json).toEqual({
      status: 403,
      message: "Upload link has expired",
      key: "uploadLinkExpired",
      values: {},
    });
    server.clock.offsetMs = 0;

    await server.services.db.kysely.deleteFrom("files").where("id", "=", asset.id).execute();
    const gone = await put(staff, asset, bytes);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({
      status: 404,
      message: "File not found",
      key: "notFound",
      values: { thing: "File" },
    });
  });

  it("answers 409 to a second PUT: stored bytes never change under a key", async () => {
    const first = images.png();
    const asset = await uploaded(first, "image/png");
    const res = await put(staff, asset, images.png().fill(9, 8));
    expect(res.status).toBe(409);
    expect(await stored(asset.key)).toEqual(first);
  });
});

describe("GET /api/files/{key}", () => {
  it("serves an uploaded file with its type and long-lived caching headers", async () => {
    const bytes = images.gif89(300);
    const asset = await uploaded(bytes, "image/gif");
    const res = await server.services.db.kysely
      .selectFrom("files")
      .select("key")
      .where("id", "=", asset.id)
      .executeTakeFirstOrThrow();
    const served = await server.app.inject({ method: "GET", url: `/api/files/${res.key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(bytes);
    expect(served.headers["content-type"]).toBe("image/gif");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers 404 JSON for unknown keys and for blobs whose bytes never came", async () => {
    const pending = await register(staff, {
      filename: "later.png",
      content_type: "image/png",
      byte_size: 10,
    });
    for (const key of ["doesnotexist", pending.key, "..%2F..%2Fetc%2Fpasswd", "UPPER"]) {
      const res = await server.client().get(`/api/files/${key}`);
      expect(res.status, key).toBe(404);
      expect(res.json).toEqual({
        status: 404,
        message: "File not found",
        key: "notFound",
        values: { thing: "File" },
      });
    }
  });

  it("keeps links to /files/{key} working: they redirect there permanently", async () => {
    const bytes = images.png(90);
    const asset = await uploaded(bytes, "image/png");
    const old = await server.app.inject({ method: "GET", url: `/files/${asset.key}` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/files/${asset.key}`);
    const served = await server.app.inject({ method: "GET", url: old.headers.location as string });
    expect(served.rawPayload).toEqual(bytes);
  });
});

describe("a user's picture", () => {
  it("is attached from a signed_id, served at pictureUrl, and its file is deleted when replaced or removed", async () => {
    const firstBytes = images.png(200);
    const first = await uploaded(firstBytes, "image/png");
    const attached = await staff.patch(`/api/users/${staffId}`, { picture: first.signed_id });
    expect(attached.status).toBe(200);
    expect(attached.json).toMatchObject({
      picture: first.signed_id,
      pictureUrl: `/api/files/${first.key}`,
    });
    const served = await server.app.inject({ method: "GET", url: attached.json.pictureUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(firstBytes);
    expect((await staff.get("/api/users/me")).json.pictureUrl).toBe(`/api/files/${first.key}`);

    const secondBytes = images.webp(120);
    const second = await uploaded(secondBytes, "image/webp");
    const replaced = await staff.patch(`/api/users/${staffId}`, { picture: second.signed_id });
    expect(replaced.status).toBe(200);
    expect(replaced.json.pictureUrl).toBe(`/api/files/${second.key}`);
    expect(await fileRow(first.id)).toBeUndefined();
    expect(await stored(first.key)).toBeUndefined();
    expect((await server.client().get(`/api/files/${first.key}`)).status).toBe(404);

    // Saving the form again with the same picture keeps it.
    const same = await staff.patch(`/api/users/${staffId}`, {
      firstName: "Pat",
      picture: second.signed_id,
    });
    expect(same.json.pictureUrl).toBe(`/api/files/${second.key}`);
    expect(await stored(second.key)).toEqual(secondBytes);

    const removed = await staff.patch(`/api/users/${staffId}`, { picture: null });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ picture: null, pictureUrl: null });
    expect(await fileRow(second.id)).toBeUndefined();
    expect(await stored(second.key)).toBeUndefined();
  });

  it("answers 422 on picture for a forged signed_id or a blob whose bytes never came", async () => {
    const pending = await register(staff, {
      filename: "later.png",
      content_type: "image/png",
      byte_size: 10,
    });
    const cases: Array<[string, string]> = [
      [pending.signed_id, "Picture has not been uploaded"],
      [pending.signed_id.replace(/\.[^.]+$/, ".forged"), "Picture is invalid"],
      ["file-1", "Picture is invalid"],
    ];
    for (const [picture, message] of cases) {
      const res = await staff.patch(`/api/users/${staffId}`, { picture });
      expect(res.status).toBe(422);
      expect(res.json.errors).toMatchObject([{ path: "picture", message }]);
    }
  });

  it("works over /trpc with assets.create", async () => {
    const bytes = images.jpeg(80);
    const created = await staff.trpc("mutation", "assets.create", {
      blob: { filename: "t.jpg", content_type: "image/jpeg", byte_size: bytes.length },
    });
    expect(created.status).toBe(200);
    const asset = created.json.result.data as Asset;
    expect((await put(staff, asset, bytes)).status).toBe(200);
    const updated = await staff.trpc("mutation", "users.update", {
      id: staffId,
      picture: asset.signed_id,
    });
    expect(updated.json.result.data.pictureUrl).toBe(`/api/files/${asset.key}`);
    const bad = await staff.trpc("mutation", "assets.create", {
      blob: { filename: "t.txt", content_type: "text/plain", byte_size: 3 },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.error.errors).toEqual([
      { path: "blob.content_type", message: fileTypeMessage, key: "fileType", values: {} },
    ]);
  });
});

describe("who may save an upload, and how many may wait", () => {
  async function userClient(isAdmin = false) {
    const user = await server.createUser({ isAdmin });
    const client = server.client();
    await client.login(user.email, user.password);
    return { id: user.id, client };
  }
  const newLocation = (Logo: string) => ({
    Name: "Logo Hall",
    Address: "3 Elm St",
    ProgramIds: [],
    Logo,
  });

  it("takes a signed_id only from its uploader: another user's picture or logo from it answers 422, and the uploader's picture stays", async () => {
    const bytes = images.png(150);
    const mine = await uploaded(bytes, "image/png");
    expect((await staff.patch(`/api/users/${staffId}`, { picture: mine.signed_id })).status).toBe(
      200,
    );

    const other = await userClient();
    const taken = await other.client.patch(`/api/users/${other.id}`, { picture: mine.signed_id });
    expect(taken.status).toBe(422);
    expect(taken.json.errors).toEqual([
      {
        path: "picture",
        message: "Picture was uploaded by someone else; upload it yourself",
        key: "uploadedBySomeoneElse",
        values: { label: "Picture" },
      },
    ]);
    // Had it been taken, removing it there would have deleted the uploader's file.
    expect((await other.client.patch(`/api/users/${other.id}`, { picture: null })).status).toBe(
      200,
    );
    const admin = await userClient(true);
    const logo = await admin.client.post("/api/locations", newLocation(mine.signed_id));
    expect(logo.status).toBe(422);
    expect(logo.json.errors).toEqual([
      {
        path: "Logo",
        message: "Logo was uploaded by someone else; upload it yourself",
        key: "uploadedBySomeoneElse",
        values: { label: "Logo" },
      },
    ]);

    expect(await stored(mine.key)).toEqual(bytes);
    expect((await staff.get("/api/users/me")).json.pictureUrl).toBe(`/api/files/${mine.key}`);
  });

  it("puts an upload in one place only, and takes the current one sent back", async () => {
    const admin = await userClient(true);
    const bytes = images.jpeg(90);
    const asset = await uploaded(bytes, "image/jpeg", admin.client);
    expect(
      (await admin.client.patch(`/api/users/${admin.id}`, { picture: asset.signed_id })).status,
    ).toBe(200);
    const again = await admin.client.post("/api/locations", newLocation(asset.signed_id));
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual([
      {
        path: "Logo",
        message: "Logo is already in use; upload it again",
        key: "fileInUse",
        values: { label: "Logo" },
      },
    ]);
    const same = await admin.client.patch(`/api/users/${admin.id}`, { picture: asset.signed_id });
    expect(same.status).toBe(200);
    expect(same.json.pictureUrl).toBe(`/api/files/${asset.key}`);

    // An admin may give another user a picture they uploaded themselves.
    const theirs = await uploaded(images.png(70), "image/png", admin.client);
    const given = await admin.client.patch(`/api/users/${staffId}`, { picture: theirs.signed_id });
    expect(given.status).toBe(200);
    expect(given.json.pictureUrl).toBe(`/api/files/${theirs.key}`);
  });

  it("lets 20 uploads wait to be saved per user: the next answers 422 on blob; saving one frees a place; unsaved ones go after a day", async () => {
    const blob = { filename: "pic.png", content_type: "image/png", byte_size: 64 };
    const kept = await uploaded(images.png(), "image/png");
    const unsaved = await uploaded(images.png(), "image/png");
    for (let n = 0; n < 18; n += 1) await register(staff, blob);

    const refused = await staff.post("/api/assets", { blob });
    expect(refused.status).toBe(422);
    const tooMany = { message: expect.stringMatching(/^Too many files: /), key: "tooManyUploads" };
    expect(refused.json).toEqual({
      status: 422,
      ...tooMany,
      values: { count: expect.any(Number) },
      errors: [{ path: "blob", ...tooMany, values: refused.json.values }],
    });
    // Another user has places of their own.
    expect((await (await userClient()).client.post("/api/assets", { blob })).status).toBe(200);

    expect((await staff.patch(`/api/users/${staffId}`, { picture: kept.signed_id })).status).toBe(
      200,
    );
    await register(staff, blob);
    expect((await staff.post("/api/assets", { blob })).status).toBe(422);

    server.clock.offsetMs = 24 * 60 * 60_000 + 60_000;
    await register(staff, blob);
    const rows = await server.services.db.kysely
      .selectFrom("files")
      .select("id")
      .where("created_by_user_id", "=", staffId)
      .execute();
    expect(rows).toHaveLength(2);
    expect(await stored(unsaved.key)).toBeUndefined();
    expect(await stored(kept.key)).toEqual(images.png());
  });
});
