import { limits } from "@vsi/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newLoopbackAddress } from "./addresses.ts";
import { startTestServer, type TestServer } from "./harness.ts";

// The per-address limit on reset requests shows which address the server took for the caller.
const limit = limits.resetRequestsPerAddress.max;

/** limit + 1 reset requests from one socket address, each claiming a new address in X-Forwarded-For. */
async function resetsClaimingNewAddresses(server: TestServer, socketAddress: string) {
  const statuses: number[] = [];
  for (let i = 0; i <= limit; i++) {
    const forwarded = { "x-forwarded-for": `203.0.113.${i + 1}` };
    const res = await server
      .client(socketAddress)
      .post("/api/passwords", { email: `nobody-${socketAddress}-${i}@example.org` }, forwarded);
    statuses.push(res.status);
  }
  return statuses;
}

let direct: TestServer;
let proxied: TestServer;
let oneHop: TestServer;
const proxy = newLoopbackAddress();
beforeAll(async () => {
  // One after another: embedded databases starting together can starve Fastify's plugin start-up.
  direct = await startTestServer();
  proxied = await startTestServer({ trustProxy: [proxy] });
  oneHop = await startTestServer({ trustProxy: 1 });
}, 120_000);
afterAll(() => Promise.all([direct.close(), proxied.close(), oneHop.close()]));

describe("X-Forwarded-For", () => {
  it("is ignored by default: the per-address limit counts the socket's address", async () => {
    const statuses = await resetsClaimingNewAddresses(direct, newLoopbackAddress());
    expect(statuses.slice(0, limit).every((s) => s === 404)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it("is honoured from a proxy named in TRUST_PROXY: each forwarded address has its own count", async () => {
    const statuses = await resetsClaimingNewAddresses(proxied, proxy);
    expect(statuses.every((s) => s === 404)).toBe(true);
  });

  it("is ignored from an address TRUST_PROXY does not name", async () => {
    const statuses = await resetsClaimingNewAddresses(proxied, newLoopbackAddress());
    expect(statuses[limit]).toBe(429);
  });

  it("with a hop count of 1, takes the address the proxy in front added, not ones the client wrote before it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const forwarded = { "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.77` };
      statuses.push(
        (
          await oneHop
            .client(newLoopbackAddress())
            .post("/api/passwords", { email: `hop-${i}@example.org` }, forwarded)
        ).status,
      );
    }
    expect(statuses[limit]).toBe(429);
  });
});
