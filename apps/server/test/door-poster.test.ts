import { describe, expect, it } from "vitest";
import { staffClient, useCatalogServer } from "./fixtures.ts";

/** The door's poster: a printable page with the location's link as a QR code and in letters. */

const world = useCatalogServer();

describe("the door's poster", () => {
  it("is a page to print with the site's name, the QR code, the link and both languages' instructions", async () => {
    const made = await world.admin.post("/api/locations", {
      Name: `Eastside <Library> & "Friends"`,
      Address: "2 Oak Ave",
      ProgramIds: [world.catalog.jobs.id],
      SelfSignIn: true,
    });
    const staff = await staffClient(world.server);
    const { code, url } = (await staff.post(`/api/locations/${made.json.id}/door-code`)).json;
    const res = await staff.get(`/api/locations/${made.json.id}/poster`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain("<h1>Eastside &lt;Library&gt; &amp; &quot;Friends&quot;</h1>");
    expect(res.body).not.toContain("<Library>");
    expect(res.body).toContain(`<p class="link">signin.test/d/${code}</p>`);
    expect(url).toMatch(new RegExp(`/d/${code}$`));
    expect(res.body).toMatch(/<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(res.body).toContain("Sign in with your own phone");
    expect(res.body).toContain("Regístrese con su propio teléfono");
    expect(res.body).toContain("@page");

    // A new code: the poster shows it, never the old one.
    const next = (await staff.post(`/api/locations/${made.json.id}/door-code`)).json.code;
    const again = await staff.get(`/api/locations/${made.json.id}/poster`);
    expect(again.body).toContain(`/d/${next}`);
    expect(again.body).not.toContain(code);
  });

  it("is refused, saying why, where visitors may not sign in on their own phone", async () => {
    const res = await world.admin.get(`/api/locations/${world.catalog.main.id}/poster`);
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/turn it on in the location's settings/);
    expect((await world.admin.get("/api/locations/999999/poster")).status).toBe(404);
    expect((await world.admin.get("/api/locations/abc/poster")).status).toBe(422);
    expect(
      (await world.server.client().get(`/api/locations/${world.catalog.main.id}/poster`)).status,
    ).toBe(401);
  });
});
