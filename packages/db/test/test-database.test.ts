import { createTestDatabase } from "@vsi/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

describe("createTestDatabase", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("fails in CI without a PostgreSQL server, instead of letting its tests skip", async () => {
    vi.stubEnv("CI", "true");
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("TEST_DATABASE_URL", "");
    await expect(createTestDatabase()).rejects.toThrow(
      /CI=true but neither TEST_DATABASE_URL nor DATABASE_URL is set/,
    );
  });

  it("outside CI, no server means PGlite", async () => {
    vi.stubEnv("CI", "");
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("TEST_DATABASE_URL", "");
    expect(await createTestDatabase()).toBeUndefined();
  });
});
