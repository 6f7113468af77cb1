import { afterAll, describe, expect, it } from "vitest";
import { adminClient, staffClient, useCatalogServer } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./harness.ts";

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

describe("the poster's address, with no BASE_URL (as `npm start` runs)", () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  /** A server with no BASE_URL, its door open at one location, and a staff member. */
  async function doorWithoutBaseUrl(localNetworkAddresses: string[]) {
    const server = await startTestServer({ baseUrl: false, localNetworkAddresses });
    servers.push(server);
    const admin = await adminClient(server);
    const made = await admin.post("/api/locations", { Name: "Harbor Hall", SelfSignIn: true });
    return { server, staff: await staffClient(server), id: made.json.id as number };
  }

  it("is the address the staff member opened: a phone on the site's network can follow it, no warning", async () => {
    const { staff, id } = await doorWithoutBaseUrl(["192.168.1.20"]);
    const at = { host: "192.168.1.20:3000" };
    const { code, url } = (await staff.post(`/api/locations/${id}/door-code`, {}, at)).json;
    expect(url).toBe(`http://192.168.1.20:3000/d/${code}`);
    const res = await staff.get(`/api/locations/${id}/poster`, at);
    expect(res.body).toContain(`<p class="link">192.168.1.20:3000/d/${code}</p>`);
    expect(res.body).toContain(`aria-label="QR code of http://192.168.1.20:3000/d/${code}"`);
    expect(res.body).not.toContain('role="alert"');
  });

  it("warns on the page where it names only this computer, and links to the door page at this machine's network addresses", async () => {
    const { staff, id } = await doorWithoutBaseUrl(["192.168.1.20", "10.0.0.5"]);
    const res = await staff.get(`/api/locations/${id}/poster`, { host: "localhost:3000" });
    expect(res.status).toBe(200);
    expect(res.body).toContain(`<p class="link">localhost:3000/d/`);
    const warning = /<div class="warning" role="alert" lang="en">([\s\S]*?)<\/div>/.exec(res.body);
    expect(warning?.[1]).toContain("Phones cannot open this poster&#39;s link");
    expect(warning?.[1]).toContain("It starts with localhost");
    for (const address of ["192.168.1.20", "10.0.0.5"])
      expect(warning?.[1]).toContain(
        `<a href="http://${address}:3000/dashboard/locations/${id}/tablets">http://${address}:3000</a>`,
      );
    expect(warning?.[1]).toContain("BASE_URL");
  });

  it("warns in the staff member's language, and says where to look when no network address is known", async () => {
    const { server, staff, id } = await doorWithoutBaseUrl([]);
    const me = (await staff.get("/api/users/me")).json;
    await server.services.db.kysely
      .updateTable("users")
      .set({ language: "es" })
      .where("id", "=", me.id)
      .execute();
    const res = await staff.get(`/api/locations/${id}/poster`, { host: "127.0.0.1:3000" });
    expect(res.body).toContain('<div class="warning" role="alert" lang="es">');
    expect(res.body).toContain("Los teléfonos no pueden abrir el enlace de este cartel");
    expect(res.body).toContain("Empieza por 127.0.0.1");
    expect(res.body).toContain("from other devices on this network");
  });
});
