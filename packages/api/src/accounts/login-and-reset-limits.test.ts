import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limits as serverLimits, type RateLimits } from "../kernel/rate-limit.ts";
import { newAddress } from "../../test/addresses.ts";
import { startWorld, type Client, type World } from "../../test/world.ts";

/** The server's windows with budgets a few calls spend: each test spends one in a handful. */
const limits: RateLimits = {
  ...serverLimits,
  loginFailuresPerPair: { ...serverLimits.loginFailuresPerPair, max: 3 },
  loginFailuresPerEmail: { ...serverLimits.loginFailuresPerEmail, max: 9 },
  loginFailuresPerAddress: { ...serverLimits.loginFailuresPerAddress, max: 6 },
  loginFailuresPerDevice: { ...serverLimits.loginFailuresPerDevice, max: 3 },
  resetRequestsPerEmail: { ...serverLimits.resetRequestsPerEmail, max: 2 },
  resetRequestsPerAddress: { ...serverLimits.resetRequestsPerAddress, max: 4 },
};

let world: World;
beforeAll(async () => {
  world = await startWorld({ rateLimits: limits });
});
afterAll(() => world.close());

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("take-a-token under parallel load", () => {
  it("50 parallel reset requests for one email from one address send exactly the limit of emails", async () => {
    const user = await world.createUser();
    const address = newAddress();
    const statuses = await Promise.all(
      Array.from(
        { length: 50 },
        async () =>
          (await world.client(address).call((api) => api.passwords.request({ email: user.email })))
            .status,
      ),
    );
    expect(count(statuses, 200)).toBe(limits.resetRequestsPerEmail.max);
    expect(count(statuses, 429)).toBe(50 - limits.resetRequestsPerEmail.max);
    expect(world.mails.filter((m) => m.to === user.email)).toHaveLength(
      limits.resetRequestsPerEmail.max,
    );
  });

  it("50 parallel reset requests from one address for different emails let exactly the address's limit through", async () => {
    const address = newAddress();
    const statuses = await Promise.all(
      Array.from(
        { length: 50 },
        async (_, i) =>
          (
            await world
              .client(address)
              .call((api) => api.passwords.request({ email: `nobody-${i}@example.org` }))
          ).status,
      ),
    );
    expect(count(statuses, 404)).toBe(limits.resetRequestsPerAddress.max);
    expect(count(statuses, 429)).toBe(50 - limits.resetRequestsPerAddress.max);
  });

  it("50 parallel wrong passwords for one email from one address get exactly the limit of checks", async () => {
    const user = await world.createUser({ password: "rightpass1" });
    const address = newAddress();
    const statuses = await Promise.all(
      Array.from(
        { length: 50 },
        async () =>
          (
            await world
              .client(address)
              .call((api) => api.auth.login({ email: user.email, password: "wrongpass1" }))
          ).status,
      ),
    );
    expect(count(statuses, 422)).toBe(limits.loginFailuresPerPair.max);
    expect(count(statuses, 429)).toBe(50 - limits.loginFailuresPerPair.max);
  });
});

describe("login failures (per email and address, and per email from everywhere)", () => {
  it("an address's wrong passwords for an email, past their limit, do not lock the owner out from another address", async () => {
    const admin = await world.createUser({ isAdmin: true, password: "rightpass1" });
    const attacker = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= limits.loginFailuresPerPair.max; i++) {
      statuses.push(
        (
          await world
            .client(attacker)
            .call((api) => api.auth.login({ email: admin.email, password: "wrongpass1" }))
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(limits.loginFailuresPerPair.max).fill(422), 429]);
    // The attacker's address is stopped even with the right password: guessing must not pay there.
    expect(
      (
        await world
          .client(attacker)
          .call((api) => api.auth.login({ email: admin.email, password: "rightpass1" }))
      ).status,
    ).toBe(429);
    const owner = world.client(newAddress());
    expect(
      (await owner.call((api) => api.auth.login({ email: admin.email, password: "rightpass1" })))
        .status,
    ).toBe(200);
  });

  it("the 429 carries Retry-After and a message with the wait in minutes", async () => {
    const user = await world.createUser();
    const address = newAddress();
    let res = await world
      .client(address)
      .call((api) => api.auth.login({ email: user.email, password: "wrongpass1" }));
    for (let i = 0; i < limits.loginFailuresPerPair.max; i++)
      res = await world
        .client(address)
        .call((api) => api.auth.login({ email: user.email, password: "wrongpass1" }));
    expect(res.status).toBe(429);
    expect(Number(res.headers["Retry-After"])).toBeGreaterThan(14 * 60);
    expect(res.json.message).toBe("Too many attempts. Please try again in 15 minutes.");
  });

  it("a successful login clears the count of its email and address", async () => {
    const user = await world.createUser({ password: "rightpass1" });
    const client = world.client(newAddress());
    for (let i = 0; i < limits.loginFailuresPerPair.max - 1; i++)
      expect(
        (await client.call((api) => api.auth.login({ email: user.email, password: "wrongpass1" })))
          .status,
      ).toBe(422);
    await client.login(user.email, "rightpass1");
    // Without the clearing, the second of these would be one failure too many: 429.
    for (let i = 0; i < limits.loginFailuresPerPair.max; i++)
      expect(
        (await client.call((api) => api.auth.login({ email: user.email, password: "wrongpass1" })))
          .status,
      ).toBe(422);
    expect(
      (await client.call((api) => api.auth.login({ email: user.email, password: "wrongpass1" })))
        .status,
    ).toBe(429);
  });

  it("many addresses together reach the looser limit per email", async () => {
    const user = await world.createUser({ password: "rightpass1" });
    const perAddress = limits.loginFailuresPerPair.max;
    const addresses = Math.ceil(limits.loginFailuresPerEmail.max / perAddress);
    for (let a = 0; a < addresses; a++) {
      const client = world.client(newAddress());
      for (let i = 0; i < perAddress; i++)
        await client.call((api) => api.auth.login({ email: user.email, password: "wrongpass1" }));
    }
    const fresh = world.client(newAddress());
    expect(
      (await fresh.call((api) => api.auth.login({ email: user.email, password: "rightpass1" })))
        .status,
    ).toBe(429);
  });

  it("one address guessing across many emails is stopped by its own limit", async () => {
    const address = newAddress();
    let last = 0;
    for (let i = 0; i <= limits.loginFailuresPerAddress.max; i++) {
      last = (
        await world
          .client(address)
          .call((api) => api.auth.login({ email: `guess${i}@example.org`, password: "nope12345" }))
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe("a browser that logged in to the account before (its device cookie)", () => {
  const deviceCookie = "device";
  const tryLogin = async (client: Client, email: string, password: string) =>
    (await client.call((api) => api.auth.login({ email, password }))).status;

  /** Strangers spend the email's limit: an address's limit of wrong passwords from each of enough addresses. */
  async function spendEmailLimit(email: string) {
    const perAddress = limits.loginFailuresPerPair.max;
    const addresses = Math.ceil(limits.loginFailuresPerEmail.max / perAddress) + 1;
    for (let a = 0; a < addresses; a++) {
      const client = world.client(newAddress());
      for (let i = 0; i < perAddress; i++)
        await client.call((api) => api.auth.login({ email, password: "wrongpass1" }));
    }
    const stranger = world.client(newAddress());
    expect(await tryLogin(stranger, email, "wrongpass1")).toBe(429);
  }

  /** The owner's browser: logged in once (and out again), so it carries its device cookie. */
  async function ownersBrowser(user: { email: string; password: string }) {
    const browser = world.client(newAddress());
    const login = await browser.login(user.email, user.password);
    const cookie = login.cookies.find((c) => c.name === deviceCookie);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
    expect(cookie!.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    expect((await browser.call((api) => api.auth.logout())).status).toBe(204);
    return browser;
  }

  it("logs the owner in while strangers have spent the email's limit; a browser without it still waits", async () => {
    const owner = await world.createUser({ password: "rightpass1" });
    const browser = await ownersBrowser(owner);
    await spendEmailLimit(owner.email);

    // From an address of its own (a laptop moves between networks): the cookie, not the address, counts.
    browser.address = newAddress();
    const res = await browser.call((api) =>
      api.auth.login({ email: owner.email, password: "rightpass1" }),
    );
    expect(res.status).toBe(200);
    expect((await browser.call((api) => api.users.me())).json.email).toBe(owner.email);

    const withoutCookie = world.client(browser.address);
    expect(await tryLogin(withoutCookie, owner.email, "rightpass1")).toBe(429);
  });

  it("counts the cookie's failures on the cookie alone, and locks it when they reach the limit, from any address", async () => {
    const owner = await world.createUser({ password: "rightpass1" });
    const browser = await ownersBrowser(owner);
    const statuses: number[] = [];
    for (let i = 0; i <= limits.loginFailuresPerDevice.max; i++) {
      browser.address = newAddress();
      statuses.push(await tryLogin(browser, owner.email, "wrongpass1"));
    }
    expect(statuses).toEqual([...Array(limits.loginFailuresPerDevice.max).fill(422), 429]);
    // Locked: even the right password waits, from yet another address.
    browser.address = newAddress();
    const locked = await browser.call((api) =>
      api.auth.login({ email: owner.email, password: "rightpass1" }),
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers["Retry-After"])).toBeGreaterThan(14 * 60);

    // Those failures spent nothing of the email's count: a browser without the cookie logs in.
    const other = world.client(newAddress());
    expect(await tryLogin(other, owner.email, "rightpass1")).toBe(200);
  });

  it("a right password gives the browser a fresh cookie, with none of the old one's failures", async () => {
    const owner = await world.createUser({ password: "rightpass1" });
    const browser = await ownersBrowser(owner);
    const before = browser.jar.get(deviceCookie);
    const failures = limits.loginFailuresPerDevice.max - 1;
    for (let i = 0; i < failures; i++)
      expect(await tryLogin(browser, owner.email, "wrongpass1")).toBe(422);
    expect(await tryLogin(browser, owner.email, "rightpass1")).toBe(200);
    expect(browser.jar.get(deviceCookie)).not.toBe(before);
    // With the old cookie's count, the second of these would be one too many.
    for (let i = 0; i < failures; i++)
      expect(await tryLogin(browser, owner.email, "wrongpass1")).toBe(422);
  });

  it("proves nothing for another account, nor once altered: those attempts count as a stranger's", async () => {
    const owner = await world.createUser({ password: "rightpass1" });
    const ownerBrowser = await ownersBrowser(owner);
    const attacker = await world.createUser({ password: "attacker1" });
    const attackerBrowser = await ownersBrowser(attacker);
    await spendEmailLimit(owner.email);

    // The attacker's own device cookie is for the attacker's account.
    expect(await tryLogin(attackerBrowser, owner.email, "rightpass1")).toBe(429);

    // The owner's cookie with one character changed, or moved to another account's id, is no cookie.
    const value = ownerBrowser.jar.get(deviceCookie)!;
    const forged = [
      value.slice(0, -1) + (value.endsWith("A") ? "B" : "A"),
      value.replace(/^device-\d+-/, `device-${attacker.id}-`),
    ];
    for (const cookie of forged) {
      const client = world.client(newAddress());
      client.jar.set(deviceCookie, cookie);
      expect(await tryLogin(client, owner.email, "rightpass1"), cookie).toBe(429);
    }
    expect(await tryLogin(ownerBrowser, owner.email, "rightpass1")).toBe(200);
  }, 120_000);
});
