import { describe, expect, it } from "vitest";
import { adminClient } from "../../test/fixtures.ts";
import { useWorld } from "../../test/world.ts";

const world = useWorld();

describe("the Authorization header", () => {
  // A GET that changes state is checked as an unsafe method is (changesState): in process, the
  // CSRF check the transports make of every unsafe method.
  it("read once: a malformed bearer ('Bearer a b') is no bearer, so a cookie call still needs its XSRF header", async () => {
    const admin = await adminClient(world.current);
    const location = await admin.call((api) => api.locations.create({ Name: "Sneaky" }));
    const setUp = () =>
      admin.call((api) => api.locations.setup({ id: location.json.id }), {
        headers: { authorization: "Bearer a b" },
      });
    admin.sendXsrf = false;
    const res = await setUp();
    admin.sendXsrf = true;
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("Missing or invalid X-XSRF-TOKEN header");
    // With the header echoed, the caller is the session's: the malformed bearer is not read as one.
    expect((await setUp()).status).toBe(200);
  });
});
