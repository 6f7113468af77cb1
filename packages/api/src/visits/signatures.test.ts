import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";
import { forgetVisitor } from "../admin/retention.ts";
import { systemActor } from "../kernel/audit.ts";
import { phoneDigits } from "../kernel/phone.ts";

/**
 * A program that asks for a signature: each sign-in brings one (a PNG, or an SVG that is a drawing
 * alone) or says the visitor would rather not; the image is kept beside the visit, only when given.
 */

const site = useCatalogWorld();
let staff: Client;
let tablet: Client;
/** A program at Main Street that asks for a signature. */
let signed: number;

const db = () => site.world.services.db.kysely;
const counts = async () => ({
  visits: Number(
    (
      await db()
        .selectFrom("visits")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  signatures: Number(
    (
      await db()
        .selectFrom("visit_signatures")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});
const fieldErrors = (json: { errors?: Array<{ path: string; key: string }> }) =>
  (json.errors ?? []).map((error) => [error.path, error.key]);

/** A 1×1 PNG, as a pad's canvas exports one (smaller). */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const dataUrl = (type: string, bytes: Buffer | string) =>
  `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
const drawing =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><path d="M10 80 C 40 10, 65 10, 95 80" fill="none" stroke="#000" stroke-width="3"/></svg>';

const signIn = (client: Client, ProgramId: number, fields: Record<string, unknown> = {}) =>
  client.call((api) =>
    api.visits.create(visitor(site.catalog.main.id, ProgramId, fields) as never),
  );

beforeAll(async () => {
  staff = await staffClient(site.world);
  tablet = await tabletClient(site.world, site.catalog.main.id);
  const res = await site.admin.call((api) =>
    api.programs.create({
      Name: "Signed Pantry",
      LocationIds: [site.catalog.main.id],
      AsksSignature: true,
    }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  expect(res.json.AsksSignature).toBe(true);
  signed = res.json.id as number;
});

describe("a program that asks for a signature", () => {
  it("refuses a sign-in with neither a signature nor a refusal to sign, at Signature, writing nothing", async () => {
    const before = await counts();
    for (const client of [tablet, staff]) {
      const res = await signIn(client, signed);
      expect(res.status).toBe(422);
      expect(fieldErrors(res.json)).toEqual([["Signature", "signatureRequired"]]);
    }
    expect(await counts()).toEqual(before);
  });

  it("keeps a PNG beside the visit (Signed: yes), and a refusal to sign with no image (Signed: declined)", async () => {
    const before = await counts();
    const yes = await signIn(tablet, signed, { Signature: dataUrl("image/png", png) });
    expect(yes.status, JSON.stringify(yes.json)).toBe(201);
    expect(yes.json.Signed).toBe("yes");
    const kept = await db()
      .selectFrom("visit_signatures")
      .select(["content_type", "image"])
      .where("visit_id", "=", yes.json.id)
      .executeTakeFirstOrThrow();
    expect(kept.content_type).toBe("image/png");
    expect(Buffer.from(kept.image).equals(png)).toBe(true);

    const declined = await signIn(staff, signed, { SignatureDeclined: true });
    expect(declined.status, JSON.stringify(declined.json)).toBe(201);
    expect(declined.json.Signed).toBe("declined");
    expect(await counts()).toEqual({
      visits: before.visits + 2,
      signatures: before.signatures + 1,
    });
  });

  it("keeps an SVG that is a drawing alone", async () => {
    const res = await signIn(staff, signed, { Signature: dataUrl("image/svg+xml", drawing) });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.Signed).toBe("yes");
  });

  it("refuses a signature too big, of another type, not what it says it is, or an SVG that could run or fetch anything, writing nothing", async () => {
    const tooBig = Buffer.concat([png.subarray(0, 33), Buffer.alloc(200 * 1024)]);
    const svgWith = (inside: string) =>
      dataUrl("image/svg+xml", drawing.replace("</svg>", `${inside}</svg>`));
    const refused: Array<[string, string]> = [
      [dataUrl("image/png", tooBig), "signatureTooBig"],
      [dataUrl("image/gif", "GIF89a"), "signatureFormat"],
      ["data:image/png;base64,not base64!", "signatureFormat"],
      [dataUrl("image/png", "<svg></svg>"), "signatureNotImage"],
      [dataUrl("image/svg+xml", png), "signatureNotImage"],
      [svgWith("<script>alert(1)</script>"), "signatureUnsafe"],
      [
        svgWith(
          '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>',
        ),
        "signatureUnsafe",
      ],
      [svgWith('<image href="https://example.org/x.png"/>'), "signatureUnsafe"],
      [svgWith('<a xlink:href="javascript:alert(1)"><path d="M0 0"/></a>'), "signatureUnsafe"],
      [svgWith('<path d="M0 0" onload="alert(1)"/>'), "signatureUnsafe"],
      [svgWith('<path d="M0 0" fill="url(https://example.org/#p)"/>'), "signatureUnsafe"],
      [
        dataUrl(
          "image/svg+xml",
          `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${drawing}`,
        ),
        "signatureUnsafe",
      ],
    ];
    const before = await counts();
    for (const [Signature, key] of refused) {
      const res = await signIn(staff, signed, { Signature });
      expect(res.status, Signature.slice(0, 80)).toBe(422);
      expect(fieldErrors(res.json), Signature.slice(0, 80)).toEqual([["Signature", key]]);
    }
    const both = await signIn(staff, signed, {
      Signature: dataUrl("image/png", png),
      SignatureDeclined: true,
    });
    expect(both.status).toBe(422);
    expect(fieldErrors(both.json)).toEqual([["Signature", "signatureOrDeclined"]]);
    expect(await counts()).toEqual(before);
  });

  it("is erased with the visitor's details: the image goes, the visit still says it was signed", async () => {
    const fields = visitor(site.catalog.main.id, signed, {
      Signature: dataUrl("image/png", png),
    });
    const res = await staff.call((api) => api.visits.create(fields as never));
    expect(res.status).toBe(201);
    await forgetVisitor(db(), phoneDigits(fields.PhoneNumber), systemActor, new Date());
    const row = await db()
      .selectFrom("visits")
      .leftJoin("visit_signatures", "visit_signatures.visit_id", "visits.id")
      .select(["visits.signed", "visit_signatures.visit_id as image_of"])
      .where("visits.id", "=", res.json.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ signed: "yes", image_of: null });
  });
});

describe("a program that asks none", () => {
  it("signs in as before: Signed null, no image row", async () => {
    const before = await counts();
    const none = await signIn(tablet, site.catalog.tutoring.id);
    expect(none.status).toBe(201);
    expect(none.json.Signed).toBeNull();
    expect(await counts()).toEqual({ visits: before.visits + 1, signatures: before.signatures });
    const program = await site.admin.call((api) =>
      api.programs.get({ id: site.catalog.tutoring.id }),
    );
    expect(program.json.AsksSignature).toBe(false);
  });
});
