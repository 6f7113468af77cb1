import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parsedSynchronously } from "../src/schemas/sync-parse.ts";
import { visitCreateInput, visitListInput } from "../src/schemas/visits.ts";

describe("parsedSynchronously", () => {
  it("answers parseAsync as zod's own parseAsync does: the same value, the same issues", async () => {
    const make = () =>
      z.object({ name: z.string().trim().min(1), n: z.coerce.number().int().optional() });
    const plain = make();
    const sync = parsedSynchronously(make());
    for (const input of [{ name: " Ann ", n: "3" }, { name: "" }, { name: 1, n: "x" }, null]) {
      const expected = await plain.parseAsync(input).then(
        (value) => ({ value }),
        (error: z.ZodError) => ({ issues: error.issues }),
      );
      const actual = await sync.parseAsync(input).then(
        (value) => ({ value }),
        (error: z.ZodError) => ({ issues: error.issues }),
      );
      expect(actual).toEqual(expected);
    }
  });

  it("leaves the sheet's and the sign-in's inputs as they were", async () => {
    await expect(visitListInput.parseAsync({ locationId: "3" })).resolves.toMatchObject({
      locationId: 3,
      timeZone: "UTC",
    });
    await expect(
      visitCreateInput.parseAsync({ FirstName: "", LastName: "Lee", PhoneNumber: "1" }),
    ).rejects.toBeInstanceOf(z.ZodError);
  });
});
