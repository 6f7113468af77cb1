import { createTestDatabase, inCi } from "@vsi/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";

describe("createTestDatabase", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("fails in CI without a PostgreSQL server, instead of letting its tests skip", async () => {
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("TEST_DATABASE_URL", "");
    for (const ci of ["true", "1", "yes"]) {
      vi.stubEnv("CI", ci);
      await expect(createTestDatabase(), ci).rejects.toThrow(
        /CI is set but neither TEST_DATABASE_URL nor DATABASE_URL is/,
      );
    }
  });

  it("outside CI, no server means PGlite", async () => {
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("TEST_DATABASE_URL", "");
    for (const ci of ["", "0", "false"]) {
      vi.stubEnv("CI", ci);
      expect(inCi(), ci).toBe(false);
      expect(await createTestDatabase(), ci).toBeUndefined();
    }
  });
});
