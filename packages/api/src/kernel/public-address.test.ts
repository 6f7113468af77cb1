import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { adminClient } from "../../test/fixtures.ts";
import { linkIn, mailsTo } from "../../test/mail.ts";
import { useWorld, type Client, type World } from "../../test/world.ts";
import { isLoopbackHost, localNetworkAddresses, requestOrigin } from "./public-address.ts";

// Links and QR codes handed to people (invites, door posters, resets) start where a phone can go:
// BASE_URL when set, else the address the staff member's request came to; never the Host an
// anonymous caller made up. With no mail server, what "sends" says it did not.

const at = (host: string) => ({ headers: { host } });
let counter = 0;
const newEmail = () => `person${++counter}@example.org`;

async function invite(admin: Client, host: string) {
  return admin.call(
    (api) => api.invites.create({ firstName: "Ivy", lastName: "Invitee", email: newEmail() }),
    at(host),
  );
}

async function openDoor(world: World, admin: Client) {
  const created = await admin.call((api) =>
    api.locations.create({ Name: `Door ${++counter}`, SelfSignIn: true }),
  );
  expect(created.status).toBe(201);
  return created.json.id as number;
}

describe("with no mail server and no BASE_URL (as `npm start` runs)", () => {
  const world = useWorld({ mailDelivers: false });

  it("an invite says it was not e-mailed and hands over its link, built from the address the admin uses", async () => {
    const admin = await adminClient(world.current);
    const res = await invite(admin, "192.168.1.20:3000");
    expect(res.status).toBe(201);
    expect(res.json.emailSent).toBe(false);
    expect(res.json.link).toBe(`http://192.168.1.20:3000/invites/${res.json.id}`);
    // The message is still written (to the data folder), with the same link.
    const [mail] = mailsTo(world.current, res.json.email);
    expect(linkIn(mail!, "http://192.168.1.20:3000/invites/")).toBe(res.json.link);
    // The invite's other fields are as before.
    expect(res.json).toMatchObject({ firstName: "Ivy", lastName: "Invitee", acceptedAt: null });

    const resent = await admin.call(
      (api) => api.invites.resend({ id: res.json.id }),
      at("signin-office.test:3000"),
    );
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({
      emailSent: false,
      link: `http://signin-office.test:3000/invites/${res.json.id}`,
    });
  });

  it("a Host that is not an address is not used: the link falls back to this machine's", async () => {
    const admin = await adminClient(world.current);
    const res = await invite(admin, "evil.example/path?x=");
    expect(res.json.link).toBe(`http://signin.test/invites/${res.json.id}`);
  });

  it("a door's new code links to the address staff use", async () => {
    const admin = await adminClient(world.current);
    const locationId = await openDoor(world.current, admin);
    const res = await admin.call(
      (api) => api.door.newCode({ id: locationId }),
      at("signin-office.test:8080"),
    );
    expect(res.status).toBe(201);
    expect(res.json.url).toBe(`http://signin-office.test:8080/d/${res.json.code}`);
  });

  it("a password reset anyone asks for says it was not e-mailed, never hands out the link, and never builds it from their Host", async () => {
    const person = await world.current.createUser();
    const stranger = world.current.client("10.9.9.9");
    const res = await stranger.call(
      (api) => api.passwords.request({ email: person.email }),
      at("attacker.example"),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, emailSent: false });
    const [mail] = mailsTo(world.current, person.email);
    const link = linkIn(mail!, "http://signin.test/passwords/reset/");
    expect(JSON.stringify(res.json)).not.toContain(link.split("/").pop());
    expect(mail!.text).not.toContain("attacker.example");
  });
});

describe("with a mail server and BASE_URL", () => {
  const world = useWorld({ mailDelivers: true, publicUrl: "https://signin.example.org" });

  it("an invite is e-mailed (no link in the answer), its link under BASE_URL whatever the Host", async () => {
    const admin = await adminClient(world.current);
    const res = await invite(admin, "192.168.1.20:3000");
    expect(res.status).toBe(201);
    expect(res.json.emailSent).toBe(true);
    expect(res.json).not.toHaveProperty("link");
    const [mail] = mailsTo(world.current, res.json.email);
    expect(linkIn(mail!, "https://signin.example.org/invites/")).toBe(
      `https://signin.example.org/invites/${res.json.id}`,
    );
  });

  it("a door's code and a reset link start at BASE_URL too", async () => {
    const admin = await adminClient(world.current);
    const locationId = await openDoor(world.current, admin);
    const door = await admin.call((api) => api.door.newCode({ id: locationId }), at("x.test"));
    expect(door.json.url).toBe(`https://signin.example.org/d/${door.json.code}`);

    const person = await world.current.createUser();
    const reset = await world.current
      .client("10.9.9.8")
      .call((api) => api.passwords.request({ email: person.email }), at("x.test"));
    expect(reset.json).toEqual({ ok: true, emailSent: true });
    linkIn(mailsTo(world.current, person.email)[0]!, "https://signin.example.org/passwords/reset/");
  });
});

describe("the address rules", () => {
  it("knows the names that reach only this computer", () => {
    for (const host of [
      "localhost",
      "LOCALHOST",
      "app.localhost",
      "127.0.0.1",
      "127.1.2.3",
      "[::1]",
      "::1",
      "0.0.0.0",
    ])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ["192.168.1.20", "signin.example.org", "localhost.example.org", "10.0.0.1"])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it("takes a Host only when a browser could have sent it", () => {
    expect(requestOrigin("http", "192.168.1.20:3000")).toBe("http://192.168.1.20:3000");
    expect(requestOrigin("https", "Signin.Example.org")).toBe("https://signin.example.org");
    expect(requestOrigin("http", "[fe80::1]:3000")).toBe("http://[fe80::1]:3000");
    for (const host of [undefined, "", "a b", "evil.example/path", "user@evil.example", "x:y:z"])
      expect(requestOrigin("http", host), String(host)).toBeUndefined();
  });

  it("lists this machine's IPv4 addresses on its networks, not loopback, at most three", () => {
    const common = { netmask: "", mac: "", cidr: null };
    const address = (ip: string, internal = false): NetworkInterfaceInfo =>
      ip.includes(":")
        ? { ...common, address: ip, internal, family: "IPv6", scopeid: 0 }
        : { ...common, address: ip, internal, family: "IPv4" };
    expect(
      localNetworkAddresses({
        lo: [address("127.0.0.1", true)],
        eth0: [address("192.168.1.20"), address("fe80::1")],
        wlan0: [address("10.0.0.5"), address("10.0.0.6"), address("10.0.0.7")],
      }),
    ).toEqual(["192.168.1.20", "10.0.0.5", "10.0.0.6"]);
  });
});
